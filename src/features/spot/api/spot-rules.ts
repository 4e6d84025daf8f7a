import { Big, toBig } from '../../../lib/money.ts';
import { isAmountText, significantDecimals } from '../../../../common/rules.ts';

/** Spot order side (1 buy, 2 sell) and mode (1 limit, 2 market, 3 stop-limit). */
export type SpotSide = 1 | 2;
export type SpotMode = 1 | 2 | 3;

/**
 * The pair's smallest order (the market item's min_num and min_total, decimal strings). Undefined
 * while unknown (the list is loading, or a server from before the fields): nothing is checked then.
 * A min_total of "0" means no smallest value.
 */
export interface PairMinimum {
  /** Smallest base quantity. */
  num?: string;
  /** Smallest quote value; "0" = none. */
  total?: string;
}

/**
 * The pair's precisions as the market list gives them (MarketItem price_precision /
 * amount_precision). A field is undefined while it is not known (the list is still loading, or an
 * older server did not send it); each rule then keeps the behaviour it had before the field existed.
 */
export interface PairPrecision {
  /** Most decimals of a limit price. */
  price?: number;
  /** Most decimals of a quantity in the base coin. */
  amount?: number;
}

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
  precision: PairPrecision;
  /** A stop-limit's trigger price. */
  trigger?: string;
  /** The pair's last trade price, '' while unknown: a trigger may not equal it. */
  lastPrice?: string;
  minimum?: PairMinimum;
}

export type SpotFormField = 'price' | 'quantity' | 'amount' | 'trigger';

/**
 * Either fine, or the first problem: its i18n key (with `params` for its placeholders), the field,
 * and whether the amounts are cleared.
 */
export type SpotFormCheck =
  | { ok: true }
  | { ok: false; key: string; params?: Record<string, string | number>; field: SpotFormField; clear: boolean };

/** Price step of docs/product-rules.md#spot-orders. */
export const PRICE_STEP = '0.01';
/** Quick-fill percentages of docs/product-rules.md#spot-orders. */
export const QUICK_FILL = [25, 50, 75, 100] as const;
/** Most decimals any amount may carry: the server keeps units of 1e-8. The check's limit while a precision is unknown. */
export const MAX_DECIMALS = 8;
/** Price decimals shown while the pair's precision is unknown: the 2 of the spec's 0.01 step, as before. */
export const DEFAULT_PRICE_DECIMALS = 2;
/** Quick-fill quantity decimals while the pair's precision is unknown: the fixed 4 used before. */
export const DEFAULT_QUANTITY_DECIMALS = 4;
/**
 * Decimals of a market buy's order value. The server checks it against its quote coin's decimals
 * (coins.decimals of USDT, 8), capped at the 8 of a unit; the market list does not carry it.
 */
export const QUOTE_DECIMALS = 8;

/** A strictly positive amount in the form the server reads (the text is sent trimmed), or null. */
function positive(text: string): Big | null {
  const trimmed = text.trim();
  if (!isAmountText(trimmed)) return null;
  const value = new Big(trimmed);
  return value.gt(0) ? value : null;
}

const fail = (key: string, field: SpotFormField, clear = false): SpotFormCheck => ({ ok: false, key, field, clear });
const tooFine = (key: string, field: SpotFormField, decimals: number): SpotFormCheck => ({
  ok: false,
  key,
  params: { decimals },
  field,
  clear: false,
});

/** True when `text` has more decimals than `max` allows. */
const finerThan = (text: string, max: number): boolean => significantDecimals(text.trim()) > max;

/** Decimals a limit price may carry: the pair's precision, or the server's 8 while unknown. */
const priceLimit = (precision: PairPrecision): number => Math.min(precision.price ?? MAX_DECIMALS, MAX_DECIMALS);
/** Decimals a base quantity may carry: the pair's precision, or the server's 8 while unknown. */
const quantityLimit = (precision: PairPrecision): number => Math.min(precision.amount ?? MAX_DECIMALS, MAX_DECIMALS);

/** The smallest base quantity when the pair has one above 0, else null. */
function minimumNum(minimum: PairMinimum | undefined): Big | null {
  const num = toBig(minimum?.num);
  return num && num.gt(0) ? num : null;
}

/** The smallest quote value when the pair has one ("0" is none), else null. */
function minimumTotal(minimum: PairMinimum | undefined): Big | null {
  const total = toBig(minimum?.total);
  return total && total.gt(0) ? total : null;
}

/**
 * The pair's smallest order as the form states it (hint and refusal alike): the i18n key and its
 * values, or null while the pair has none or it is not known.
 */
export function minimumText(minimum: PairMinimum | undefined): { key: string; params: Record<string, string> } | null {
  const num = minimumNum(minimum);
  const total = minimumTotal(minimum);
  if (num && total)
    return { key: 'spot.rules.minimumBoth', params: { num: minimum?.num ?? '', total: minimum?.total ?? '' } };
  if (num) return { key: 'spot.rules.minimumNum', params: { num: minimum?.num ?? '' } };
  if (total) return { key: 'spot.rules.minimumTotal', params: { total: minimum?.total ?? '' } };
  return null;
}

/**
 * True when the order is below the pair's smallest: a quantity below min_num, or a value below
 * min_total. A market buy orders a value only (its quantity is known once filled), so only its value counts.
 */
function belowMinimum(minimum: PairMinimum | undefined, quantity: Big | null, value: Big | null): boolean {
  const num = minimumNum(minimum);
  const total = minimumTotal(minimum);
  return (!!num && !!quantity && quantity.lt(num)) || (!!total && !!value && value.lt(total));
}

const tooSmall = (minimum: PairMinimum | undefined, field: SpotFormField): SpotFormCheck => {
  const text = minimumText(minimum);
  return { ok: false, key: text?.key ?? 'spot.rules.minimumNum', params: text?.params, field, clear: false };
};

/**
 * docs/product-rules.md#spot-orders spot order rules, in the order the server checks them. Stop-limit: the trigger (enter
 * it, at most the pair's price decimals, not the last price, which sets no direction), then as a
 * limit order. Limit: price (enter order price,
 * then at most the pair's price decimals) and quantity (enter order quantity, then at most the
 * pair's quantity decimals). Market buy: the order value (enter order amount, at most the quote
 * coin's decimals), because a market buy spends a value; market sell: the quantity. A buy costing
 * more than the available USDT, or a sell of more than the held coin, is "insufficient available
 * balance" and clears the amounts. Numbers must have the server's form (no sign, exponent or bare dot).
 */
export function validateSpotOrder(input: SpotFormInput): SpotFormCheck {
  const quote = toBig(input.quoteAvailable) ?? new Big(0);
  const base = toBig(input.baseAvailable) ?? new Big(0);
  const quantityCheck = (): SpotFormCheck | Big => {
    const quantity = positive(input.quantity);
    if (!quantity) return fail('spot.rules.enterQuantity', 'quantity');
    const limit = quantityLimit(input.precision);
    return finerThan(input.quantity, limit) ? tooFine('spot.rules.quantityDecimals', 'quantity', limit) : quantity;
  };
  if (input.mode === 3) {
    if (!positive(input.trigger ?? '')) return fail('spot.rules.enterTrigger', 'trigger');
    const limit = priceLimit(input.precision);
    if (finerThan(input.trigger ?? '', limit)) return tooFine('spot.rules.triggerDecimals', 'trigger', limit);
    const last = toBig(input.lastPrice);
    if (last && last.eq((input.trigger ?? '').trim())) return fail('spot.rules.triggerAtLast', 'trigger');
  }
  if (input.mode === 1 || input.mode === 3) {
    const price = positive(input.price);
    if (!price) return fail('spot.rules.enterPrice', 'price');
    const limit = priceLimit(input.precision);
    if (finerThan(input.price, limit)) return tooFine('spot.rules.priceDecimals', 'price', limit);
    const quantity = quantityCheck();
    if (!(quantity instanceof Big)) return quantity;
    if (belowMinimum(input.minimum, quantity, price.times(quantity))) return tooSmall(input.minimum, 'quantity');
    if (input.side === 1 && price.times(quantity).gt(quote)) return fail('spot.rules.insufficient', 'quantity', true);
    if (input.side === 2 && quantity.gt(base)) return fail('spot.rules.insufficient', 'quantity', true);
    return { ok: true };
  }
  if (input.side === 1) {
    const amount = positive(input.amount);
    if (!amount) return fail('spot.rules.enterAmount', 'amount');
    if (finerThan(input.amount, QUOTE_DECIMALS)) return tooFine('spot.rules.amountDecimals', 'amount', QUOTE_DECIMALS);
    if (belowMinimum(input.minimum, null, amount)) return tooSmall(input.minimum, 'amount');
    if (amount.gt(quote)) return fail('spot.rules.insufficient', 'amount', true);
    return { ok: true };
  }
  const quantity = quantityCheck();
  if (!(quantity instanceof Big)) return quantity;
  // A market sell's value is known once it fills: only its quantity counts.
  if (belowMinimum(input.minimum, quantity, null)) return tooSmall(input.minimum, 'quantity');
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

/** Decimals a price is shown with: the pair's precision, or 2 while unknown. */
export const priceDecimals = (precision: PairPrecision): number =>
  Math.min(precision.price ?? DEFAULT_PRICE_DECIMALS, MAX_DECIMALS);

/**
 * The price stepper's step: the spec's 0.01, unless the pair's tick is coarser (fewer than 2 price
 * decimals), where 0.01 would only make prices the server refuses; then one tick.
 */
export function priceStep(precision: PairPrecision): string {
  const decimals = priceDecimals(precision);
  return decimals >= 2 ? PRICE_STEP : new Big(10).pow(-decimals).toFixed(decimals);
}

/** Adds `steps` price steps to `price`, never below 0, as text with the pair's price decimals. */
export function stepPrice(price: string, steps: number, precision: PairPrecision): string {
  const decimals = priceDecimals(precision);
  const current = toBig(price) ?? new Big(0);
  const next = current.plus(new Big(priceStep(precision)).times(steps));
  return (next.lt(0) ? new Big(0) : next).round(decimals, Big.roundHalfUp).toFixed(decimals);
}

/**
 * Quick-fill (docs/product-rules.md#spot-orders): `percent` of what the side can use, rounded DOWN to what the server accepts
 * so it never exceeds the balance. Limit buy: quantity = percent of the USDT ÷ price, to the pair's
 * quantity decimals; sell: quantity = percent of the coin, likewise; market buy: value = percent of
 * the USDT, to the quote coin's decimals. Null when a limit buy has no usable price.
 */
export function quickFill(
  input: Pick<SpotFormInput, 'side' | 'mode' | 'price' | 'quoteAvailable' | 'baseAvailable' | 'precision'>,
  percent: number,
): { field: 'quantity' | 'amount'; value: string } | null {
  const share = new Big(percent).div(100);
  const decimals = Math.min(input.precision.amount ?? DEFAULT_QUANTITY_DECIMALS, MAX_DECIMALS);
  const down = (value: Big, dp: number): string => value.round(dp, Big.roundDown).toFixed(dp);
  if (input.side === 2) {
    const base = toBig(input.baseAvailable) ?? new Big(0);
    return { field: 'quantity', value: down(base.times(share), decimals) };
  }
  const quote = toBig(input.quoteAvailable) ?? new Big(0);
  if (input.mode === 2) return { field: 'amount', value: down(quote.times(share), QUOTE_DECIMALS) };
  // A limit or stop-limit buy: the limit price is what a fill may cost.
  const price = toBig(input.price);
  if (!price || price.lte(0)) return null;
  const budget = quote.times(share);
  let quantity = new Big(down(budget.div(price), decimals));
  // big.js divides to 20 decimals, rounding half up; a quotient a hair under a step can land on it.
  if (quantity.times(price).gt(budget)) quantity = quantity.minus(new Big(10).pow(-decimals));
  return { field: 'quantity', value: quantity.toFixed(decimals) };
}
