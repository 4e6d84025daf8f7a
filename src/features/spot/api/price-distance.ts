import { Big, toBig } from '../../../lib/money.ts';

/** The site's price_confirm_percent while getSetting has not said (or said nothing readable). */
export const DEFAULT_CONFIRM_PERCENT = 5;

/** How far a limit price lies from the last price: percent with 2 decimals, and on which side. */
export interface PriceDistance {
  /** |price − last| ÷ last × 100, rounded half up to 2 decimals ("7.20"). */
  percent: string;
  side: 'above' | 'below';
}

/** The setting as a percentage: a readable number of 0 or more, else the default; 0 turns the check off. */
export function confirmPercent(setting: unknown): number {
  const value =
    typeof setting === 'number'
      ? setting
      : typeof setting === 'string' && setting.trim() !== ''
        ? Number(setting)
        : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_CONFIRM_PERCENT;
}

/**
 * The distance of `price` from `last` when it is more than `limitPercent` % (exactly, in decimals:
 * 5.001 % is more than 5, 5 % is not); null within it, when the check is off (0), or when either
 * price is unknown or unreadable, so the order goes as it would without the check.
 */
export function priceDistance(price: string, last: string, limitPercent: number): PriceDistance | null {
  const p = toBig(price.trim());
  const l = toBig(last.trim());
  if (limitPercent <= 0 || !p || !l || l.lte(0) || p.lte(0)) return null;
  const distance = p.minus(l).abs().times(100).div(l);
  if (!distance.gt(new Big(limitPercent))) return null;
  return { percent: distance.round(2, Big.roundHalfUp).toFixed(2), side: p.gt(l) ? 'above' : 'below' };
}
