import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Envelope } from '../../http/envelope.ts';

export type Fields = Record<string, string | number>;
export type Headers = Record<string, string>;

/** Form-encodes fields as the client posts them. */
export const form = (fields: Fields): string =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

/** Calls of the /api scope through app.inject(): each asserts HTTP 200 and returns the envelope. */
export interface ApiClient {
  /** POST form-encoded to /api/<path>. */
  post<T = unknown>(path: string, fields?: Fields, headers?: Headers): Promise<Envelope<T>>;
  /** GET /api/<path>?<fields>. */
  get<T = unknown>(path: string, fields?: Fields, headers?: Headers): Promise<Envelope<T>>;
  /** POST a prepared body (a multipart form) to /api/<path>. */
  send<T = unknown>(path: string, payload: string | Buffer, headers: Headers): Promise<Envelope<T>>;
}

export function apiClient(app: FastifyInstance): ApiClient {
  const answer = async <T>(
    method: 'GET' | 'POST',
    path: string,
    request: { url: string; payload?: string | Buffer; headers: Headers },
  ): Promise<Envelope<T>> => {
    const response = await app.inject({ method, ...request });
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
    return response.json<Envelope<T>>();
  };
  return {
    post: (path, fields = {}, headers = {}) =>
      answer('POST', path, {
        url: `/api/${path}`,
        payload: form(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      }),
    get: (path, fields = {}, headers = {}) =>
      answer('GET', path, { url: `/api/${path}${Object.keys(fields).length ? `?${form(fields)}` : ''}`, headers }),
    send: (path, payload, headers) => answer('POST', path, { url: `/api/${path}`, payload, headers }),
  };
}

/** The headers of a call as a signed-in user (the `token` header) in a language. */
export const as = (token?: string, lang?: string): Headers => ({
  ...(lang ? { lang } : {}),
  ...(token ? { token } : {}),
});
