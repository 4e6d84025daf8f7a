import type { MessageKey } from '../i18n/index.ts';

/**
 * A request the platform's rules refuse: an order, a withdrawal, a review decision. Carries the
 * message key (and its placeholders) the route answers with, in the caller's language; nothing has
 * been written when it is thrown. The API's error handler turns it into the failure envelope.
 */
export class Rejection extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'Rejection';
  }
}

/** Throws a Rejection: for one-line guards. */
export function reject(key: MessageKey, vars: Record<string, string | number> = {}): never {
  throw new Rejection(key, vars);
}
