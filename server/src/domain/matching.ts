import type { BookLevel } from './market-port.ts';
import { UNIT, decimalToUnits, divide } from './money.ts';

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

/** The average fill price in units (value / quantity), rounded down; 0 for an empty walk. */
export function averagePrice(walk: Walk): bigint {
  return walk.quantity === 0n ? 0n : divide(walk.valueScaled, walk.quantity, 'floor');
}

/**
 * Which resting limit orders a feed trade at `tradePrice` fills. The rule is "traded through": a
 * buy fills when the feed prints strictly below its limit, a sell strictly above. A print exactly
 * at the limit does not fill, because resting orders at that price could be ahead of ours in the
 * queue; only a print beyond it proves the level was cleared. The fill is then at the order's own
 * limit price, for its whole quantity. As bounds on integer limits: buys with limit > `buyAbove`,
 * sells with limit < `sellBelow` (a print with more than 8 decimals is rounded outward).
 */
export function throughBounds(tradePrice: string): { buyAbove: bigint; sellBelow: bigint } {
  // limit > price  <=>  limit > floor(price) for an integer limit; limit < price  <=>  limit < ceil(price).
  return { buyAbove: decimalToUnits(tradePrice, 'floor'), sellBelow: decimalToUnits(tradePrice, 'ceil') };
}

/** Whether one limit order fills on a print at `tradePrice` (see `throughBounds`). */
export function limitTriggered(side: 'buy' | 'sell', limit: bigint, tradePrice: string): boolean {
  const bounds = throughBounds(tradePrice);
  return side === 'buy' ? limit > bounds.buyAbove : limit < bounds.sellBelow;
}

function roundDown(units: bigint, step: bigint): bigint {
  return units - (units % step);
}
