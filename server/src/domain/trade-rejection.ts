import type { MessageKey } from '../i18n/index.ts';

/**
 * An order or request the trading rules refuse. Carries the message key (and its placeholders) the
 * route answers with; nothing has been written when it is thrown.
 */
export class TradeRejection extends Error {
  constructor(
    readonly key: MessageKey,
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/** Throws a TradeRejection: for one-line guards. */
export function reject(key: MessageKey, vars: Record<string, string | number> = {}): never {
  throw new TradeRejection(key, vars);
}
