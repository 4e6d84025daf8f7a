/**
 * HTTP for the worker's polls: the app API (docs/product-rules.md#market-data: POST form-encoded under /api, headers
 * `Token` and `Lang`, the `{code, msg, data}` envelope) and the public market REST.
 */
import type { Session } from '../../../common/protocol.ts';

/** The subset of `fetch` the engine uses, so tests can pass their own. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Outcome of an API call. `code` 401 means the token is missing or expired. */
export type ApiResult<T> = { ok: true; data: T; msg: string } | { ok: false; code: number; msg: string };

/** docs/product-rules.md#calls-and-answers: code 1 is success; 401 expired session; anything else a failure with msg. */
export const API_OK = 1;
export const API_SESSION_EXPIRED = 401;

/** Form fields of an API call. */
export type Form = Record<string, string | number>;

/** Thrown when the answer is not HTTP 2xx or not the expected JSON. */
export class HttpError extends Error {}

/** POSTs a form to `${apiBase}/${path}` and reads the envelope. Network errors reject. */
export async function postApi<T>(
  fetchFn: FetchLike,
  apiBase: string,
  path: string,
  form: Form,
  session: Session,
  signal: AbortSignal,
): Promise<ApiResult<T>> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) body.set(name, String(value));
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Lang: session.lang,
  };
  if (session.token) headers.Token = session.token;
  const response = await fetchFn(`${apiBase}/${path}`, { method: 'POST', headers, body: body.toString(), signal });
  if (!response.ok) throw new HttpError(`${path}: HTTP ${response.status}`);
  const envelope = (await response.json()) as { code?: unknown; msg?: unknown; data?: unknown };
  const code = Number(envelope.code);
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
  if (code === API_OK) return { ok: true, data: envelope.data as T, msg };
  return { ok: false, code, msg };
}

/** GETs `${base}${path}?query` and returns the body text (market REST is parsed exactly by the caller). */
export async function getText(
  fetchFn: FetchLike,
  base: string,
  path: string,
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<string> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.set(name, String(value));
  const response = await fetchFn(`${base}${path}?${params.toString()}`, { signal });
  if (!response.ok) throw new HttpError(`${path}: HTTP ${response.status}`);
  return response.text();
}
