import { Big, decimalPlaces, toBig } from '../../../lib/money.ts';

/** Spot order side (1 buy, 2 sell) and mode (1 limit, 2 market), spec §4. */
export type SpotSide = 1 | 2;
export type SpotMode = 1 | 2;

export interface SpotFormInput {
  side: SpotSide;
  mode: SpotMode;
  price: string;
  quantity: string;
  /** The order value a market buy spends (quote coin). */
  amount: string;
  /** Available quote coin (USDT). */
  quoteAvailable: string;
  /** Available base coin. */
  baseAvailable: string;
}

export type SpotFormField = 'price' | 'quantity' | 'amount';

/** Either fine, or the first problem: its i18n key, the field, and whether the amounts are cleared. */
export type SpotFormCheck = { ok: true } | { ok: false; key: string; field: SpotFormField; clear: boolean };

/** Price step of spec §9. */
export const PRICE_STEP = '0.01';
/** Quick-fill percentages of spec §9. */
export const QUICK_FILL = [25, 50, 75, 100] as const;
/** Decimals a quick-filled quantity keeps (rounded down, so it stays affordable). */
export const QUANTITY_DECIMALS = 4;
const MAX_DECIMALS = 8;

function positive(text: string): Big | null {
  const value = toBig(text);
  if (!value || value.lte(0) || decimalPlaces(text.trim()) > MAX_DECIMALS) return null;
  return value;
}

const fail = (key: string, field: SpotFormField, clear = false): SpotFormCheck => ({ ok: false, key, field, clear });

/**
 * Spec §5 spot order rules. Limit: price (enter order price) and quantity (enter order quantity).
 * Market buy: the order value (enter order amount), because a market buy spends a value; market
 * sell: the quantity. A buy costing more than the available USDT, or a sell of more than the held
 * coin, is "insufficient available balance" and clears the amounts.
 */
export function validateSpotOrder(input: SpotFormInput): SpotFormCheck {
  const quote = toBig(input.quoteAvailable) ?? new Big(0);
  const base = toBig(input.baseAvailable) ?? new Big(0);
  if (input.mode === 1) {
    const price = positive(input.price);
    if (!price) return fail('spot.rules.enterPrice', 'price');
    const quantity = positive(input.quantity);
    if (!quantity) return fail('spot.rules.enterQuantity', 'quantity');
    if (input.side === 1 && price.times(quantity).gt(quote)) return fail('spot.rules.insufficient', 'quantity', true);
    if (input.side === 2 && quantity.gt(base)) return fail('spot.rules.insufficient', 'quantity', true);
    return { ok: true };
  }
  if (input.side === 1) {
    const amount = positive(input.amount);
    if (!amount) return fail('spot.rules.enterAmount', 'amount');
    if (amount.gt(quote)) return fail('spot.rules.insufficient', 'amount', true);
    return { ok: true };
  }
  const quantity = positive(input.quantity);
  if (!quantity) return fail('spot.rules.enterQuantity', 'quantity');
  if (quantity.gt(base)) return fail('spot.rules.insufficient', 'quantity', true);
  return { ok: true };
}

/** Price × quantity, 8 decimals; empty when either is unreadable. */
export function orderValue(price: string, quantity: string): string {
  const p = toBig(price);
  const q = toBig(quantity);
  return p && q ? p.times(q).round(8, Big.roundDown).toFixed(8) : '';
}

/** How much base coin the available quote buys at `price` (rounded down). */
export function canBuy(quoteAvailable: string, price: string, dp = 8): string {
  const quote = toBig(quoteAvailable);
  const p = toBig(price);
  if (!quote || !p || p.lte(0)) return '0';
  return quote.div(p).round(dp, Big.roundDown).toFixed(dp);
}

/** Adds `steps` price steps (0.01) to `price`, never below 0. */
export function stepPrice(price: string, steps: number): string {
  const current = toBig(price) ?? new Big(0);
  const next = current.plus(new Big(PRICE_STEP).times(steps));
  return (next.lt(0) ? new Big(0) : next).toFixed(2);
}

/**
 * Quick-fill (spec §5): `percent` of what the side can use. Limit buy: quantity = percent of the
 * USDT ÷ price; sell: quantity = percent of the coin; market buy: value = percent of the USDT.
 */
export function quickFill(input: Pick<SpotFormInput, 'side' | 'mode' | 'price' | 'quoteAvailable' | 'baseAvailable'>, percent: number): { field: 'quantity' | 'amount'; value: string } | null {
  const share = new Big(percent).div(100);
  if (input.side === 2) {
    const base = toBig(input.baseAvailable) ?? new Big(0);
    return { field: 'quantity', value: base.times(share).round(QUANTITY_DECIMALS, Big.roundDown).toFixed(QUANTITY_DECIMALS) };
  }
  const quote = toBig(input.quoteAvailable) ?? new Big(0);
  if (input.mode === 2) return { field: 'amount', value: quote.times(share).round(2, Big.roundDown).toFixed(2) };
  const price = toBig(input.price);
  if (!price || price.lte(0)) return null;
  return { field: 'quantity', value: quote.times(share).div(price).round(QUANTITY_DECIMALS, Big.roundDown).toFixed(QUANTITY_DECIMALS) };
}
