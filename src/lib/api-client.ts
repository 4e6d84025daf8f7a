/**
 * The shared client for every one-shot call of docs/product-rules.md#calls-and-answers, with the answer handling of docs/product-rules.md#calls-and-answers.
 *
 * - Base `/api`, 15 s time-out (AbortController), form-encoded bodies (URLSearchParams), headers
 *   `Token` (when signed in) and `Lang`; GET calls carry their parameters in the query string.
 * - code 1: resolves `{ ok: true, data }`, toasting `msg` when the call asks for it.
 * - code 401: the `onUnauthorized` handler clears the token, shows `msg` and goes to /login;
 *   resolves `{ ok: false, code: 401 }`.
 * - code 201, 0, 204 or anything else: failure toast of `msg`; resolves `{ ok: false }` ("the result
 *   is empty"). The typed result makes a caller look at `ok` before it can touch `data`.
 * - Network errors, time-outs and answers that are not an envelope are logged and REJECTED with an
 *   `ApiRequestError`.
 * - The posting flag: calls sharing a `lock` key never run twice at once; a second call while the
 *   first is in flight resolves `{ ok: false, code: 'busy' }` without a request. The flag is released
 *   whatever the outcome, so a failed submit can be retried.
 * Toasts and navigation are injected, so the client runs unchanged in unit tests.
 */

import { navigate } from 'wouter/use-browser-location';
import i18next from 'i18next';
import { watchedFetch } from './online.ts';
import { showToast } from './toast.ts';
import { session, signOut } from './session.ts';

export const API_BASE = '/api';
export const API_TIMEOUT_MS = 15_000;

export type ApiResult<T> = { ok: true; data: T; msg: string } | { ok: false; code: number | 'busy'; msg: string };

export type ApiParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Toast the server's `msg` on success (action calls); reads leave it off. Default false. */
  successToast?: boolean;
  /** Suppress every toast of this call (background reads). Default false. */
  quiet?: boolean;
  /** Posting-flag key: a second call with the same key while one is in flight does not run. */
  lock?: string;
  /**
   * This very call, already sent before the app's code ran (index.html's early requests): its answer
   * is read as this call's, under the same time-out and envelope rules.
   */
  sent?: Promise<Response>;
}

export type RequestErrorKind = 'network' | 'timeout' | 'http' | 'parse';

/** A call that got no envelope back: no connection, time-out, or an answer that is not `{code, msg, data}`. */
export class ApiRequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiRequestError';
  }
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  baseUrl: string;
  timeoutMs: number;
  getToken(): string | null;
  getLang(): string;
  /** Shows a toast; `message` is the server's msg or a client fallback. */
  toast(message: string, kind: 'success' | 'error'): void;
  /** A 401 answer: clear the session, show `msg`, go to /login. */
  onUnauthorized(msg: string): void;
  /** A rejected call (network, time-out, bad answer) after it has been logged. */
  onRequestError(error: ApiRequestError, quiet: boolean): void;
  log(error: ApiRequestError): void;
  /** The fallback text of a failure toast whose msg is empty. */
  failureFallback(): string;
}

export interface ApiClient {
  request<T>(path: string, params?: ApiParams, options?: RequestOptions): Promise<ApiResult<T>>;
  get<T>(path: string, params?: ApiParams, options?: Omit<RequestOptions, 'method'>): Promise<ApiResult<T>>;
  post<T>(path: string, params?: ApiParams, options?: Omit<RequestOptions, 'method'>): Promise<ApiResult<T>>;
  /** True while a call holding this posting-flag key is in flight. */
  isPosting(lock: string): boolean;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

function toEnvelope(value: unknown): Envelope | null {
  if (!value || typeof value !== 'object' || !('code' in value)) return null;
  const raw = value as { code: unknown; msg?: unknown; data?: unknown };
  const code = typeof raw.code === 'number' ? raw.code : Number(raw.code);
  if (!Number.isFinite(code)) return null;
  return { code, msg: typeof raw.msg === 'string' ? raw.msg : '', data: raw.data ?? null };
}

function encode(params: ApiParams | undefined): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const posting = new Set<string>();

  async function send(
    path: string,
    params: ApiParams | undefined,
    method: 'GET' | 'POST',
    sent?: Promise<Response>,
  ): Promise<Envelope> {
    const form = encode(params);
    const query = method === 'GET' && [...form.keys()].length > 0 ? `?${form.toString()}` : '';
    const url = `${deps.baseUrl}${path.startsWith('/') ? path : `/${path}`}${query}`;
    const headers: Record<string, string> = { Lang: deps.getLang(), Accept: 'application/json' };
    const token = deps.getToken();
    if (token) headers.Token = token;

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    try {
      let response: Response;
      try {
        response = await (sent
          ? Promise.race([
              sent,
              new Promise<never>((_, reject) =>
                controller.signal.addEventListener('abort', () => reject(new Error('aborted'))),
              ),
            ])
          : deps.fetch(url, {
              method,
              headers,
              body: method === 'POST' ? form : undefined,
              signal: controller.signal,
              credentials: 'same-origin',
            }));
      } catch (cause) {
        throw timedOut
          ? new ApiRequestError('timeout', path, `${path} timed out after ${deps.timeoutMs} ms`, { cause })
          : new ApiRequestError('network', path, `${path} failed: ${String(cause)}`, { cause });
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (cause) {
        throw timedOut
          ? new ApiRequestError('timeout', path, `${path} timed out after ${deps.timeoutMs} ms`, { cause })
          : new ApiRequestError(
              response.ok ? 'parse' : 'http',
              path,
              `${path} answered HTTP ${response.status} without an envelope`,
              { cause },
            );
      }
      const envelope = toEnvelope(body);
      if (!envelope) throw new ApiRequestError('parse', path, `${path} answered without an envelope`);
      return envelope;
    } finally {
      clearTimeout(timer);
    }
  }

  async function request<T>(path: string, params?: ApiParams, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const { method = 'POST', successToast = false, quiet = false, lock, sent } = options;
    if (lock !== undefined) {
      if (posting.has(lock)) return { ok: false, code: 'busy', msg: '' };
      posting.add(lock);
    }
    try {
      let envelope: Envelope;
      try {
        envelope = await send(path, params, method, sent);
      } catch (error) {
        const failure =
          error instanceof ApiRequestError
            ? error
            : new ApiRequestError('network', path, String(error), { cause: error });
        deps.log(failure);
        deps.onRequestError(failure, quiet);
        throw failure;
      }
      const { code, msg, data } = envelope;
      if (code === 1) {
        if (successToast && !quiet && msg) deps.toast(msg, 'success');
        return { ok: true, data: data as T, msg };
      }
      if (code === 401) {
        deps.onUnauthorized(msg);
        return { ok: false, code, msg };
      }
      if (!quiet) deps.toast(msg || deps.failureFallback(), 'error');
      return { ok: false, code, msg };
    } finally {
      if (lock !== undefined) posting.delete(lock);
    }
  }

  return {
    request,
    get: (path, params, options) => request(path, params, { ...options, method: 'GET' }),
    post: (path, params, options) => request(path, params, { ...options, method: 'POST' }),
    isPosting: (lock) => posting.has(lock),
  };
}

/** Clears the session, shows the server's message and goes to /login (docs/product-rules.md#calls-and-answers, 401). */
export function handleUnauthorized(msg: string): void {
  signOut();
  showToast(msg || i18next.t('common.sessionExpired'), 'error');
  if (window.location.pathname !== '/login') navigate('/login', { replace: true });
}

/** The app's client: reads the session store, toasts through lib/toast, navigates with wouter. */
export const api: ApiClient = createApiClient({
  fetch: watchedFetch,
  baseUrl: API_BASE,
  timeoutMs: API_TIMEOUT_MS,
  getToken: () => session.token,
  getLang: () => session.lang,
  toast: showToast,
  onUnauthorized: handleUnauthorized,
  onRequestError: (error, quiet) => {
    if (!quiet) showToast(i18next.t(error.kind === 'timeout' ? 'common.timeout' : 'common.networkError'), 'error');
  },
  log: (error) => console.error(error),
  failureFallback: () => i18next.t('common.requestFailed'),
});
