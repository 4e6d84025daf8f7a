/**
 * The answer envelope of docs/product-rules.md#calls-and-answers: `{ code, msg, data }`.
 * code 1 = ok; 0 / 201 / 204 = failure shown as a toast; 401 = token missing or expired.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const CODE = { ok: 1, fail: 0, rejected: 201, empty: 204, unauthorized: 401 } as const;

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: CODE.ok, msg, data };
}

/** Thrown by handlers for an expected failure; the error handler turns it into an envelope (HTTP 200). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const fail = (msg: string, code: number = CODE.fail): ApiError => new ApiError(code, msg);
