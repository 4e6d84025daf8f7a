/**
 * The price alert form's rules, pure: a level is a positive decimal with at most 8
 * decimals, and an alert is set on the far side of the last price (rises to a level above it, falls
 * to one below it), so it can only fire by the price crossing the level. Returns i18n keys.
 */
import { toBig } from '../../../lib/money.ts';

export type AlertDirection = 'above' | 'below';

const LEVEL = /^\d+(\.\d{1,8})?$/;

/** The key of what is wrong with a level, or null when it can be saved. */
export function levelProblem(level: string, direction: AlertDirection, lastPrice: string | null): string | null {
  const text = level.trim();
  if (text === '') return 'alerts.rules.levelRequired';
  if (!LEVEL.test(text) || !toBig(text)?.gt(0)) return 'alerts.rules.levelInvalid';
  const last = toBig(lastPrice);
  if (!last) return null;
  if (direction === 'above' && !toBig(text)!.gt(last)) return 'alerts.rules.aboveLast';
  if (direction === 'below' && !toBig(text)!.lt(last)) return 'alerts.rules.belowLast';
  return null;
}

/** The direction a level suggests against the last price: above it rises to, below it falls to. */
export function suggestedDirection(level: string, lastPrice: string | null, current: AlertDirection): AlertDirection {
  const value = toBig(level.trim());
  const last = toBig(lastPrice);
  if (!value || !last || value.eq(last)) return current;
  return value.gt(last) ? 'above' : 'below';
}
