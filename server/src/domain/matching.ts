import type { BookLevel } from './market-port.ts';
import { UNIT, decimalToUnits, divide, valueOf } from './money.ts';

/**
 * Spot matching against the feed's book. The user is a price taker of the book the feed shows:
 * a market order walks the visible levels best first and fills at their prices. Our fills do not
 * change the simulated market (the feed does not know our orders).
 */

/** One executed part of an order, in units (price per whole base coin, quantity of base). */
export interface Fill {
  price: bigint;
  quantity: bigint;
}

export interface Walk {
  fills: Fill[];
  /** Base units filled. */
  quantity: bigint;
  /** Exact quote value of the fills in 1e-16 (units x units / UNIT is the quote in units). */
  valueScaled: bigint;
}

/**
 * A market buy that spends at most `budget` quote units: takes asks best first, each fill a whole
 * number of `step` units of the base coin, until the budget or the visible book runs out.
 */
export function walkBuyByValue(asks: readonly BookLevel[], budget: bigint, step: bigint): Walk {
  const fills: Fill[] = [];
  let left = budget * UNIT;
  let quantity = 0n;
  let valueScaled = 0n;
  for (const level of asks) {
    // An ask beyond 8 decimals is rounded up: the buyer never pays less than the book says.
    const price = decimalToUnits(level.price, 'ceil');
    if (price <= 0n) continue;
    const available = roundDown(decimalToUnits(level.amount, 'floor'), step);
    const affordable = roundDown(left / price, step);
    const take = available < affordable ? available : affordable;
    if (take > 0n) {
      fills.push({ price, quantity: take });
      quantity += take;
      valueScaled += take * price;
      left -= take * price;
    }
    if (take < available) break;
  }
  return { fills, quantity, valueScaled };
}

/** A market sell of `quantity` base units: takes bids best first until filled or the visible book runs out. */
export function walkSellQuantity(bids: readonly BookLevel[], quantity: bigint, step: bigint): Walk {
  const fills: Fill[] = [];
  let left = roundDown(quantity, step);
  let filled = 0n;
  let valueScaled = 0n;
  for (const level of bids) {
    if (left === 0n) break;
    // A bid beyond 8 decimals is rounded down: the seller never receives more than the book says.
    const price = decimalToUnits(level.price, 'floor');
    const available = roundDown(decimalToUnits(level.amount, 'floor'), step);
    const take = available < left ? available : left;
    if (take <= 0n || price <= 0n) continue;
    fills.push({ price, quantity: take });
    filled += take;
    valueScaled += take * price;
    left -= take;
  }
  return { fills, quantity: filled, valueScaled };
}

/**
 * What a limit order takes at once from the book when it is placed (a marketable limit): the
 * levels of the other side best first, only those at or better than `limit` (asks at or below a
 * buy's limit, bids at or above a sell's), each fill at the level's own price and a whole number of
 * `step` units, until `quantity` is filled or no level is good enough. Prices beyond 8 decimals are
 * rounded against the trader before they are compared (an ask up, a bid down), as in the walks above.
 */
export function walkLimit(
  levels: readonly BookLevel[],
  side: 1 | 2,
  quantity: bigint,
  limit: bigint,
  step: bigint,
): Walk {
  const fills: Fill[] = [];
  let left = roundDown(quantity, step);
  let filled = 0n;
  let valueScaled = 0n;
  for (const level of levels) {
    if (left === 0n) break;
    const price = decimalToUnits(level.price, side === 1 ? 'ceil' : 'floor');
    if (side === 1 ? price > limit : price < limit) break;
    const available = roundDown(decimalToUnits(level.amount, 'floor'), step);
    const take = available < left ? available : left;
    if (take <= 0n || price <= 0n) continue;
    fills.push({ price, quantity: take });
    filled += take;
    valueScaled += take * price;
    left -= take;
  }
  return { fills, quantity: filled, valueScaled };
}

/** The average fill price in units (value / quantity), rounded down; 0 for an empty walk. */
export function averagePrice(walk: Walk): bigint {
  return walk.quantity === 0n ? 0n : divide(walk.valueScaled, walk.quantity, 'floor');
}

/**
 * Which resting limit orders a feed trade at `tradePrice` goes through. The rule is "traded
 * through": a buy is reached when the feed prints strictly below its limit, a sell strictly above.
 * A print exactly at the limit does not fill, because resting orders at that price could be ahead
 * of ours in the queue; only a print beyond it proves the level was cleared. How much the print
 * fills is `sharePrint`'s answer, always at each order's own limit price. As bounds on integer
 * limits: buys with limit > `buyAbove`, sells with limit < `sellBelow` (a print with more than 8
 * decimals is rounded outward).
 */
export function throughBounds(tradePrice: string): { buyAbove: bigint; sellBelow: bigint } {
  // limit > price  <=>  limit > floor(price) for an integer limit; limit < price  <=>  limit < ceil(price).
  return { buyAbove: decimalToUnits(tradePrice, 'floor'), sellBelow: decimalToUnits(tradePrice, 'ceil') };
}

/** Whether one limit order is reached by a print at `tradePrice` (see `throughBounds`). */
export function limitTriggered(side: 'buy' | 'sell', limit: bigint, tradePrice: string): boolean {
  const bounds = throughBounds(tradePrice);
  return side === 'buy' ? limit > bounds.buyAbove : limit < bounds.sellBelow;
}

/** A resting limit order a print went through, as `sharePrint` needs it. */
export interface RestingOrder {
  id: number;
  /** 1 buy, 2 sell. */
  side: 1 | 2;
  /** Limit price in units. */
  price: bigint;
  createdAt: number;
  /** Base units still to fill (ordered minus filled). */
  remaining: bigint;
}

/** What one resting order takes from a print, in base units (always > 0). */
export interface PrintShare {
  orderId: number;
  quantity: bigint;
}

/**
 * How one feed print of `amount` base units is shared among the resting orders it went through.
 *
 * The print's amount is volume that really changed hands at that price; our orders would have
 * stood in the real book in front of it, so together they can take at most that much, and they
 * take it in the book's own priority: price first (the highest buy limit, the lowest sell limit),
 * then time (the earliest placed; the lower id when placed in the same millisecond). Each order
 * takes min(what it still wants, what the print has left). Letting every order take the whole print
 * independently would invent volume the market never traded whenever two of our orders rest at
 * once, so that rule was not chosen.
 *
 * Buys and sells each get the whole amount: a print is both a sale (which our buys would have
 * taken) and a purchase (which our sells would have met), so the two sides do not draw on one pool.
 *
 * Amounts follow the pair's `step` (its amount precision in units): a share that is not the whole
 * rest of an order is rounded down to a whole step, so fills never show more decimals than the pair
 * allows. A rest smaller than one step (an order placed under a finer precision than the pair has
 * now) is filled whole by the first print that still has that much left, so no order is stranded
 * with a rest no stepped fill could ever complete.
 */
export function sharePrint(orders: readonly RestingOrder[], amount: bigint, step: bigint): PrintShare[] {
  const shares: PrintShare[] = [];
  for (const side of [1, 2] as const) {
    let left = amount;
    for (const order of orders.filter((o) => o.side === side).sort(byPriority)) {
      if (left <= 0n) break;
      if (order.remaining <= 0n) continue;
      const take = order.remaining <= left ? order.remaining : roundDown(left, step);
      if (take === 0n) continue;
      shares.push({ orderId: order.id, quantity: take });
      left -= take;
    }
  }
  return shares;
}

/** Book priority among orders of one side: better limit first, then earlier, then lower id. */
function byPriority(a: RestingOrder, b: RestingOrder): number {
  if (a.price !== b.price) return (a.side === 1 ? a.price > b.price : a.price < b.price) ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id - b.id;
}

/**
 * The quote value of the first `filled` base units of a limit order at `price`, rounded for the
 * trader's side once over the whole cumulative fill (a buy pays ceil, a sell receives floor). Each
 * fill moves the difference between this value after and before it, so however the order is cut
 * into fills the total equals the value of a single fill of the same quantity: a buy that completes
 * consumes exactly the ceil(quantity x price) it froze, and rounding never gains or loses a unit per
 * fill.
 */
export function cumulativeValue(side: 1 | 2, filled: bigint, price: bigint): bigint {
  return valueOf(filled, price, side === 1 ? 'ceil' : 'floor');
}

/**
 * The exact value of the part of a limit order that filled at once against the book, in 1e-16 of
 * the quote coin, kept as whole units and the rest below one unit (the full product of two 1e-8
 * amounts does not fit a stored integer).
 */
export interface TakerValue {
  /** floor(value / UNIT): whole quote units. */
  units: bigint;
  /** value mod UNIT: what is left below one unit, 0..UNIT-1. */
  rem: bigint;
}

export const NO_TAKER: TakerValue = { units: 0n, rem: 0n };

/** A walk's exact value split into whole units and the rest below one unit. */
export function takerValueOf(walk: Walk): TakerValue {
  return { units: walk.valueScaled / UNIT, rem: walk.valueScaled % UNIT };
}

/**
 * The quote value of a limit order that took `taker` from the book at once and then filled
 * `restFilled` base units at its own `price`, rounded ONCE for the trader's side over the whole
 * (a buy pays ceil, a sell receives floor). Without a taker part this is `cumulativeValue`. Each
 * later fill moves the difference of this value after and before it, so the book part, every
 * resting fill and a cancel add up to exactly what the order froze: a buy froze
 * ceil(quantity x limit), and since the book's prices are never worse than the limit,
 * orderValue(all) never exceeds it.
 */
export function orderValue(side: 1 | 2, taker: TakerValue, restFilled: bigint, price: bigint): bigint {
  return taker.units + divide(taker.rem + restFilled * price, UNIT, side === 1 ? 'ceil' : 'floor');
}

/** The average price in units of an order's fills (book part at its prices, the rest at `price`), rounded down. */
export function orderAveragePrice(taker: TakerValue, restFilled: bigint, price: bigint, filled: bigint): bigint {
  return filled === 0n ? 0n : divide(taker.units * UNIT + taker.rem + restFilled * price, filled, 'floor');
}

function roundDown(units: bigint, step: bigint): bigint {
  return units - (units % step);
}
