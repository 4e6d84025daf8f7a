import { Big, decimalPlaces, toBig } from '../../../lib/money.ts';

/**
 * The quantity choices of the picker (spec §5): with hy_price_type 2 each is multiplier × the chosen
 * duration's minimum, shown with 2 decimals; otherwise the multipliers themselves.
 */
export function quantityChoices(multipliers: readonly string[], priceType: number, minimum: string | undefined): string[] {
  const min = toBig(minimum ?? '');
  return multipliers.map((m) => {
    const multiplier = toBig(m) ?? new Big(0);
    return priceType === 2 && min ? multiplier.times(min).toFixed(2) : multiplier.toString();
  });
}

export interface OptionQuantityInput {
  quantity: string;
  /** The chosen duration's minimum stake. */
  minimum: string | undefined;
  balance: string;
}

/** Most decimals a stake may carry (the server keeps 1e-8 units). */
const MAX_DECIMALS = 8;

/**
 * Checks a stake; returns an i18n key or null. Required, a positive decimal with at most 8 decimals,
 * at least the duration's minimum, at most the available balance.
 */
export function validateOptionQuantity({ quantity, minimum, balance }: OptionQuantityInput): string | null {
  const text = quantity.trim();
  if (text === '') return 'options.rules.quantityRequired';
  const value = toBig(text);
  if (!value || value.lte(0) || text.startsWith('-') || decimalPlaces(text) > MAX_DECIMALS) return 'options.rules.quantityInvalid';
  const min = toBig(minimum ?? '');
  if (min && value.lt(min)) return 'options.rules.belowMinimum';
  const available = toBig(balance) ?? new Big(0);
  if (value.gt(available)) return 'options.rules.insufficient';
  return null;
}

/** What settlement pays (spec, issue 5): a win pays stake × (1 + percent / 100); a loss pays nothing. */
export function payoutIfWin(stake: string, percent: string): string | null {
  const amount = toBig(stake);
  const rate = toBig(percent);
  if (!amount || !rate) return null;
  return amount.times(rate.div(100).plus(1)).toFixed(8);
}

/** The confirmation circle's fill (spec §4): remaining over total, clamped to 0..1. */
export function countdownRate(remaining: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(1, Math.max(0, remaining / total));
}
