import type { Db } from '../db/database.ts';
import {
  InsufficientBalanceError,
  type BalanceChange,
  type BalanceKey,
  type LedgerRepository,
} from '../db/repositories/ledger-repository.ts';
import type { MarketRepository, MarketRow } from '../db/repositories/market-repository.ts';
import type { SpotOrderRepository, SpotOrderRow } from '../db/repositories/spot-order-repository.ts';
import { MAIN_ACCOUNT } from './accounts.ts';
import { feeFor } from './fees.ts';
import type { BookLevel, MarketPort, PairInfo, TradePrint } from './market-port.ts';
import {
  averagePrice,
  cumulativeValue,
  orderAveragePrice,
  orderValue,
  sharePrint,
  takerValueOf,
  throughBounds,
  walkBuyByValue,
  walkLimit,
  walkSellQuantity,
} from './matching.ts';
import { UNIT, UNIT_DECIMALS, decimalToUnits, divide, formatTrimmed, stepUnits, type SentAmount } from './money.ts';
import { reject, Rejection } from './rejection.ts';
import type { MessageKey } from '../i18n/index.ts';

/** Spot trading uses the main account (accounts.ts), the one the options stake is drawn from by default. */
export const SPOT_ACCOUNT_TYPE = MAIN_ACCOUNT;

/** How many levels of one side a market order may walk (the feed's full step0 depth). */
export const MARKET_WALK_LEVELS = 150;

/** An upbbbuy order (docs/product-rules.md#spot-orders), its fields already checked for shape by the route's declaration. */
export interface SpotOrderRequest {
  marketId: number;
  /** 1 buy, 2 sell. */
  side: 1 | 2;
  /** 1 limit, 2 market, 3 stop-limit. */
  orderType: 1 | 2 | 3;
  /** Base quantity: limit orders and market sells. */
  num?: SentAmount;
  /** Limit price. */
  price?: SentAmount;
  /** Quote value to spend: market buys. */
  amount?: SentAmount;
  /** The price a print must reach to turn a stop-limit into its limit order. */
  triggerPrice?: SentAmount;
}

/** A tradable pair: its row and what the feed says of its precisions. */
export interface TradablePair {
  market: MarketRow;
  pair: PairInfo;
}

export interface SpotTradingDeps {
  db: Db;
  ledger: LedgerRepository;
  markets: MarketRepository;
  orders: SpotOrderRepository;
  market: MarketPort;
  now: () => number;
  log?: (message: string) => void;
}

type Field = 'price' | 'num' | 'amount' | 'trigger';

const REQUIRED_KEYS: Record<Field, MessageKey> = {
  price: 'trade.priceRequired',
  num: 'trade.numRequired',
  amount: 'trade.amountRequired',
  trigger: 'trade.triggerRequired',
};
const DECIMALS_KEYS: Record<Field, MessageKey> = {
  price: 'trade.priceDecimals',
  num: 'trade.numDecimals',
  amount: 'trade.amountDecimals',
  trigger: 'trade.triggerDecimals',
};

/** Whether an order can still be cancelled: open (1) or waiting for its trigger (4). */
function isCancellable(order: SpotOrderRow): boolean {
  return order.status === 1 || order.status === 4;
}

/** An amount of the order in units: present, with at most the pair's decimals. */
function withinPrecision(field: Field, amount: SentAmount | undefined, decimals: number): bigint {
  if (amount === undefined) reject(REQUIRED_KEYS[field]);
  return amount.units(decimals) ?? reject(DECIMALS_KEYS[field], { decimals: Math.min(decimals, UNIT_DECIMALS) });
}

/**
 * Spot orders against the feed (docs/architecture.md#the-server):
 * - a market order fills at once, walking the feed's visible book best first at the prices it shows
 *   (a buy spends at most `amount` of the quote coin, a sell sells `num` of the base coin); what the
 *   visible book cannot fill is not traded (the order completes with what it got); nothing fills
 *   when the book has nothing;
 * - a limit order freezes its cost (buy: ceil(num x price) of the quote coin; sell: num of the base
 *   coin). If it is marketable when placed (a buy at or above the best ask, a sell at or below the
 *   best bid) it first takes the visible book like a market order, at the book's prices, only the
 *   levels at or better than its limit, up to its quantity (`takeBook`); a buy's saving against its
 *   limit is unfrozen at once. Only the rest rests: it fills PARTIALLY, at the limit price, by the
 *   volume the market trades through it:
 *   every feed print after it was placed that goes strictly through the limit (matching.ts
 *   `limitTriggered`; a print at the limit fills nothing) fills min(what is left, the print's
 *   amount), rounded down to the pair's amount step. Our orders reached by one print share its
 *   amount in book priority, price then time (matching.ts `sharePrint`, which says why); buys and
 *   sells each draw on the whole print. The order stays open (status 1) while anything is left and
 *   completes (status 2) when nothing is; `filled_qty` grows with each fill;
 * - each fill moves the difference of the order's cumulative value before and after it (matching.ts
 *   `orderValue`: the exact value of the book part plus filled rest x limit, rounded once: a buy
 *   pays ceil, a sell receives floor), so however an order is cut into fills, the quote consumed
 *   by all fills of a buy plus
 *   what its cancel returns is exactly what it froze; a sell consumes exactly the quantity filled;
 * - a cancel unfreezes exactly what is still frozen for the rest of the order; the filled part is
 *   kept (status 3 with `filled_qty` > 0); a completed or cancelled order cannot be cancelled;
 * - the fee (the base coin's `spot_fee_ppm`) is taken from what each fill pays out, as the
 *   difference of the fee on the cumulative payout, so the total equals the fee one whole fill of
 *   the same quantity would pay.
 * Every balance change is one transaction with its bill rows (a limit fill also writes its
 * spot_fills row); refusals write nothing.
 */
export class SpotTrading {
  constructor(private readonly deps: SpotTradingDeps) {}

  /** The pair behind an m_id, if it exists, is open for spot trading and the feed serves it. */
  tradablePair(marketId: number, purpose: 'spot' | 'option'): TradablePair {
    const market = this.deps.markets.marketById(marketId);
    if (!market) reject('market.unknown');
    const enabled = purpose === 'spot' ? market.spot_enabled : market.option_enabled;
    const pair = this.deps.market.pairs().find((p) => p.symbol === market.symbol);
    if (!enabled || !pair) reject('market.closed');
    return { market, pair };
  }

  /** Places an order; returns it as stored (a market order already completed). */
  place(userId: number, order: SpotOrderRequest): SpotOrderRow {
    const { market, pair } = this.tradablePair(order.marketId, 'spot');
    // Trades printed before this order existed are matched (against older orders) before it is placed.
    this.deps.market.flushTrades();
    const { side } = order;
    if (order.orderType === 1) {
      const price = withinPrecision('price', order.price, pair.pricePrecision);
      const quantity = this.quantity(market, pair, order.num);
      this.atLeastMinTotal(market, quantity * price);
      return this.placeLimit(userId, market, pair, side, price, quantity);
    }
    if (order.orderType === 3) {
      const trigger = withinPrecision('trigger', order.triggerPrice, pair.pricePrecision);
      const price = withinPrecision('price', order.price, pair.pricePrecision);
      const quantity = this.quantity(market, pair, order.num);
      this.atLeastMinTotal(market, quantity * price);
      return this.placeStop(userId, market, pair, side, trigger, price, quantity);
    }
    if (side === 1) {
      const budget = withinPrecision('amount', order.amount, this.quoteDecimals(market));
      this.atLeastMinTotal(market, budget * UNIT);
      return this.marketBuy(userId, market, pair, budget);
    }
    return this.marketSell(userId, market, pair, this.quantity(market, pair, order.num));
  }

  /** The smallest order of a pair: `min_num`, one step of its amount precision, and `min_total` of the quote coin (0 = none). */
  minimums(market: MarketRow, pair: PairInfo): { minNum: bigint; minTotal: bigint } {
    return { minNum: stepUnits(pair.amountPrecision), minTotal: BigInt(market.min_total) };
  }

  /** A base quantity: at least one step of the pair (said with that minimum), then within its precision. */
  private quantity(market: MarketRow, pair: PairInfo, num: SentAmount | undefined): bigint {
    const { minNum } = this.minimums(market, pair);
    const units = num?.units(UNIT_DECIMALS);
    if (units !== undefined && units !== null && units < minNum) {
      reject('trade.minNum', { min: formatTrimmed(minNum), coin: market.base_title });
    }
    return withinPrecision('num', num, pair.amountPrecision);
  }

  /** Refuses an order whose exact quote value (`valueScaled`, 1e-16 of the quote coin) is below the pair's minimum. */
  private atLeastMinTotal(market: MarketRow, valueScaled: bigint): void {
    const minTotal = BigInt(market.min_total);
    if (valueScaled < minTotal * UNIT)
      reject('trade.minTotal', { min: formatTrimmed(minTotal), coin: market.quote_title });
  }

  /** Cancels an open or waiting order of this user and unfreezes what it still held; fills it already took are kept. */
  cancel(userId: number, orderId: number): SpotOrderRow {
    // A trade the feed already printed may have filled (or triggered) the order before this cancel arrived.
    this.deps.market.flushTrades();
    const found = this.deps.orders.find(orderId);
    if (!found || found.user_id !== userId) reject('trade.orderNotFound');
    if (!isCancellable(found)) reject('trade.notOpen');
    const at = this.deps.now();
    this.deps.db.transaction(() => {
      // Read again inside the transaction: what is frozen now is what this cancel returns.
      if (!this.cancelOne(this.deps.orders.find(found.id) as SpotOrderRow, at)) reject('trade.notOpen');
    })();
    return this.deps.orders.find(found.id) as SpotOrderRow;
  }

  /**
   * Cancels every open and waiting order of this user (of one pair, or of all with marketId 0) in
   * one transaction, each unfreezing exactly what it still holds. Returns how many it cancelled.
   */
  cancelAll(userId: number, marketId: number): number {
    this.deps.market.flushTrades();
    const at = this.deps.now();
    return this.deps.db.transaction(() => {
      let cancelled = 0;
      for (const order of this.deps.orders.cancellable(userId, marketId)) if (this.cancelOne(order, at)) cancelled++;
      return cancelled;
    })();
  }

  /** Inside a transaction: cancels one order read in it and returns what it held; false when it was not cancellable. */
  private cancelOne(order: SpotOrderRow, at: number): boolean {
    if (!isCancellable(order) || !this.deps.orders.markCancelled(order.id, at)) return false;
    const market = this.deps.markets.marketById(order.market_id) as MarketRow;
    const key = {
      userId: order.user_id,
      coinId: order.side === 1 ? market.quote_coin_id : market.base_coin_id,
      accountType: SPOT_ACCOUNT_TYPE,
    };
    this.release(key, order.frozen, `Cancel ${market.symbol} #${order.id}`, order.id, at);
    return true;
  }

  /**
   * The feed's trade listener: fills the open limit orders a trade went through, each by its share
   * of the trade, then fires the stop-limit orders it reached.
   */
  onTrade(symbol: string, trade: TradePrint): void {
    const market = this.deps.markets.marketBySymbol(symbol);
    if (!market) return;
    const pair = this.deps.market.pairs().find((p) => p.symbol === symbol);
    const step = stepUnits(pair?.amountPrecision ?? UNIT_DECIMALS);
    this.fillThrough(market, trade, step);
    this.fireStops(market, trade, step);
  }

  private fillThrough(market: MarketRow, trade: TradePrint, step: bigint): void {
    const { buyAbove, sellBelow } = throughBounds(trade.price);
    const crossed = this.deps.orders.crossedBy(market.id, buyAbove, sellBelow, trade.ts);
    if (crossed.length === 0) return;
    const resting = crossed.map((order) => ({
      id: order.id,
      side: order.side,
      price: order.price as bigint,
      // A stop-limit joins the queue when it fires, not when it was placed.
      createdAt: order.triggered_at ?? order.created_at,
      remaining: (order.quantity as bigint) - order.filled_qty,
    }));
    const byId = new Map(crossed.map((order) => [order.id, order]));
    for (const share of sharePrint(resting, decimalToUnits(trade.amount, 'floor'), step)) {
      try {
        this.fillLimit(byId.get(share.orderId) as SpotOrderRow, market, share.quantity, trade);
      } catch (error) {
        this.deps.log?.(`spot order ${share.orderId} could not fill: ${(error as Error).message}`);
      }
    }
  }

  /**
   * Fires the waiting stop-limit orders a print reached (a rising one at a print >= its trigger, a
   * falling one at <= it), oldest first: each becomes an open limit order at its price at the
   * print's instant and takes the book at once if it is marketable, in one transaction.
   */
  private fireStops(market: MarketRow, trade: TradePrint, step: bigint): void {
    const reached = this.deps.orders.triggeredBy(
      market.id,
      decimalToUnits(trade.price, 'floor'),
      decimalToUnits(trade.price, 'ceil'),
      trade.ts,
    );
    if (reached.length === 0) return;
    for (const order of reached) {
      const levels = this.deps.market.bestLevels(market.symbol, order.side === 1 ? 'ask' : 'bid', MARKET_WALK_LEVELS);
      try {
        this.deps.db.transaction(() => {
          if (!this.deps.orders.markTriggered(order.id, trade.ts)) return;
          this.takeBook(this.deps.orders.find(order.id) as SpotOrderRow, market, levels, step, this.deps.now());
        })();
      } catch (error) {
        this.deps.log?.(`stop-limit order ${order.id} could not fire: ${(error as Error).message}`);
      }
    }
  }

  /**
   * A stop-limit order: it waits (status 4) with its cost frozen as a limit order's, until a print
   * reaches the trigger. Its direction is set now from the last price: a trigger above it waits for
   * a print at or above it, a trigger below for a print at or below it; a trigger at the last price
   * says neither, so it is refused.
   */
  private placeStop(
    userId: number,
    market: MarketRow,
    pair: PairInfo,
    side: 1 | 2,
    trigger: bigint,
    price: bigint,
    quantity: bigint,
  ): SpotOrderRow {
    const last = this.deps.market.lastTradePrice(market.symbol, this.deps.now());
    if (!last) reject('market.priceUnavailable');
    const lastUnits = decimalToUnits(last.price, 'floor');
    if (trigger === lastUnits && decimalToUnits(last.price, 'ceil') === lastUnits) {
      reject('trade.triggerAtLast', { price: formatTrimmed(lastUnits, Math.min(pair.pricePrecision, UNIT_DECIMALS)) });
    }
    const direction = trigger > lastUnits ? 1 : 2;
    const frozen = side === 1 ? cumulativeValue(1, quantity, price) : quantity;
    const key = {
      userId,
      coinId: side === 1 ? market.quote_coin_id : market.base_coin_id,
      accountType: SPOT_ACCOUNT_TYPE,
    };
    if (this.deps.ledger.balance(key).available < frozen) reject('trade.insufficient');
    const at = this.deps.now();
    const id = this.inTransaction(() => {
      const orderId = this.deps.orders.insert({
        userId,
        marketId: market.id,
        side,
        orderType: 3,
        status: 4,
        price,
        quantity,
        budget: null,
        frozen,
        createdAt: at,
        trigger: { price: trigger, direction },
      });
      const remark = `${side === 1 ? 'Buy' : 'Sell'} stop-limit ${market.symbol} #${orderId}`;
      this.deps.ledger.apply(
        [
          { ...key, part: 'available', amount: -frozen, kind: 'spot_freeze', remark },
          { ...key, part: 'frozen', amount: frozen, kind: 'spot_freeze', remark },
        ],
        orderId,
        at,
      );
      return orderId;
    });
    return this.deps.orders.find(id) as SpotOrderRow;
  }

  private quoteDecimals(market: MarketRow): number {
    return this.deps.markets.coinById(market.quote_coin_id)?.decimals ?? 8;
  }

  private placeLimit(
    userId: number,
    market: MarketRow,
    pair: PairInfo,
    side: 1 | 2,
    price: bigint,
    quantity: bigint,
  ): SpotOrderRow {
    // A buy freezes the cumulative value of its whole quantity (rounded up), the most all its fills together can pay.
    const frozen = side === 1 ? cumulativeValue(1, quantity, price) : quantity;
    const coinId = side === 1 ? market.quote_coin_id : market.base_coin_id;
    const key = { userId, coinId, accountType: SPOT_ACCOUNT_TYPE };
    if (this.deps.ledger.balance(key).available < frozen) reject('trade.insufficient');
    const levels = this.deps.market.bestLevels(market.symbol, side === 1 ? 'ask' : 'bid', MARKET_WALK_LEVELS);
    const at = this.deps.now();
    const id = this.inTransaction(() => {
      const orderId = this.deps.orders.insert({
        userId,
        marketId: market.id,
        side,
        orderType: 1,
        status: 1,
        price,
        quantity,
        budget: null,
        frozen,
        createdAt: at,
      });
      const remark = `${side === 1 ? 'Buy' : 'Sell'} limit ${market.symbol} #${orderId}`;
      this.deps.ledger.apply(
        [
          { ...key, part: 'available', amount: -frozen, kind: 'spot_freeze', remark },
          { ...key, part: 'frozen', amount: frozen, kind: 'spot_freeze', remark },
        ],
        orderId,
        at,
      );
      this.takeBook(
        this.deps.orders.find(orderId) as SpotOrderRow,
        market,
        levels,
        stepUnits(pair.amountPrecision),
        at,
      );
      return orderId;
    });
    return this.deps.orders.find(id) as SpotOrderRow;
  }

  /**
   * The marketable part of a limit order that has just become active (placed, or a stop-limit
   * triggered), inside the caller's transaction: it takes the book's levels at or better than its
   * limit, at their prices (matching.ts `walkLimit`). The buyer pays the exact value of those fills
   * rounded up; what stays frozen is exactly what the rest still needs at the limit (matching.ts
   * `orderValue`); a buy's saving against its limit is unfrozen now. The fee is on what the trader
   * receives, as for every fill. Nothing happens when no level is good enough.
   */
  private takeBook(
    order: SpotOrderRow,
    market: MarketRow,
    levels: readonly BookLevel[],
    step: bigint,
    at: number,
  ): void {
    const price = order.price as bigint;
    const quantity = order.quantity as bigint;
    const walk = walkLimit(levels, order.side, quantity, price, step);
    if (walk.quantity === 0n) return;
    const buy = order.side === 1;
    const taker = takerValueOf(walk);
    const rest = quantity - walk.quantity;
    const value = orderValue(order.side, taker, 0n, price);
    // A buy keeps frozen what the rest needs at the limit on top of what it just paid; the rest of its freeze is the saving.
    const keep = buy ? orderValue(1, taker, rest, price) - value : rest;
    const consumed = buy ? value : walk.quantity;
    const saving = order.frozen - consumed - keep;
    if (saving < 0n) throw new Error(`order ${order.id} froze too little for its book part`);
    const fee = feeFor(buy ? walk.quantity : value, market.base_fee_ppm);
    const baseKey = { userId: order.user_id, coinId: market.base_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    const quoteKey = { userId: order.user_id, coinId: market.quote_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    const [paidKey, receivedKey] = buy ? [quoteKey, baseKey] : [baseKey, quoteKey];
    const remark = `${buy ? 'Buy' : 'Sell'} limit ${market.symbol} #${order.id}`;
    // One fill record per level: each moves the difference of the rounded running value (and fee), so they sum to the totals.
    let exact = 0n;
    let valueSoFar = 0n;
    let feeSoFar = 0n;
    let quantitySoFar = 0n;
    const fills = walk.fills.map((fill) => {
      exact += fill.quantity * fill.price;
      quantitySoFar += fill.quantity;
      const valueNow = divide(exact, UNIT, buy ? 'ceil' : 'floor');
      const feeNow = feeFor(buy ? quantitySoFar : valueNow, market.base_fee_ppm);
      const row = { price: fill.price, quantity: fill.quantity, value: valueNow - valueSoFar, fee: feeNow - feeSoFar };
      valueSoFar = valueNow;
      feeSoFar = feeNow;
      return row;
    });
    const recorded = this.deps.orders.recordBookFill(order.id, {
      filledQty: walk.quantity,
      filledValue: value,
      avgPrice: averagePrice(walk),
      fee,
      feeCoinId: receivedKey.coinId,
      frozen: keep,
      complete: rest === 0n,
      takerQty: walk.quantity,
      takerValue: taker.units,
      takerValueRem: taker.rem,
      fills,
      at,
    });
    if (!recorded) throw new Error(`order ${order.id} changed before its book part was written`);
    this.deps.ledger.apply(
      [
        { ...paidKey, part: 'frozen', amount: -consumed, kind: 'spot_fill', remark },
        { ...receivedKey, part: 'available', amount: buy ? walk.quantity : value, kind: 'spot_fill', remark },
        { ...receivedKey, part: 'available', amount: -fee, kind: 'spot_fee', remark },
      ],
      order.id,
      at,
    );
    this.release(paidKey, saving, remark, order.id, at);
  }

  private marketBuy(userId: number, market: MarketRow, pair: PairInfo, budget: bigint): SpotOrderRow {
    const quoteKey = { userId, coinId: market.quote_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    if (this.deps.ledger.balance(quoteKey).available < budget) reject('trade.insufficient');
    const asks = this.deps.market.bestLevels(market.symbol, 'ask', MARKET_WALK_LEVELS);
    if (asks.length === 0) reject('trade.noLiquidity');
    const walk = walkBuyByValue(asks, budget, stepUnits(pair.amountPrecision));
    if (walk.quantity === 0n) reject('trade.tooSmall');
    const cost = divide(walk.valueScaled, UNIT, 'ceil');
    const fee = feeFor(walk.quantity, market.base_fee_ppm);
    const baseKey = { userId, coinId: market.base_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    return this.recordMarketFill(userId, market, 1, budget, null, {
      quantity: walk.quantity,
      value: cost,
      avgPrice: averagePrice(walk),
      fee,
      feeCoinId: market.base_coin_id,
      changes: (remark) => [
        { ...quoteKey, part: 'available', amount: -cost, kind: 'spot_fill', remark },
        { ...baseKey, part: 'available', amount: walk.quantity, kind: 'spot_fill', remark },
        { ...baseKey, part: 'available', amount: -fee, kind: 'spot_fee', remark },
      ],
    });
  }

  private marketSell(userId: number, market: MarketRow, pair: PairInfo, quantity: bigint): SpotOrderRow {
    const baseKey = { userId, coinId: market.base_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    if (this.deps.ledger.balance(baseKey).available < quantity) reject('trade.insufficient');
    const bids = this.deps.market.bestLevels(market.symbol, 'bid', MARKET_WALK_LEVELS);
    if (bids.length === 0) reject('trade.noLiquidity');
    const walk = walkSellQuantity(bids, quantity, stepUnits(pair.amountPrecision));
    if (walk.quantity === 0n) reject('trade.noLiquidity');
    // A market sell's value is what the book pays for it.
    this.atLeastMinTotal(market, walk.valueScaled);
    const proceeds = divide(walk.valueScaled, UNIT, 'floor');
    const fee = feeFor(proceeds, market.base_fee_ppm);
    const quoteKey = { userId, coinId: market.quote_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    return this.recordMarketFill(userId, market, 2, null, quantity, {
      quantity: walk.quantity,
      value: proceeds,
      avgPrice: averagePrice(walk),
      fee,
      feeCoinId: market.quote_coin_id,
      changes: (remark) => [
        { ...baseKey, part: 'available', amount: -walk.quantity, kind: 'spot_fill', remark },
        { ...quoteKey, part: 'available', amount: proceeds, kind: 'spot_fill', remark },
        { ...quoteKey, part: 'available', amount: -fee, kind: 'spot_fee', remark },
      ],
    });
  }

  private recordMarketFill(
    userId: number,
    market: MarketRow,
    side: 1 | 2,
    budget: bigint | null,
    quantity: bigint | null,
    fill: {
      quantity: bigint;
      value: bigint;
      avgPrice: bigint;
      fee: bigint;
      feeCoinId: number;
      changes: (remark: string) => BalanceChange[];
    },
  ): SpotOrderRow {
    const at = this.deps.now();
    const id = this.inTransaction(() => {
      const orderId = this.deps.orders.insert({
        userId,
        marketId: market.id,
        side,
        orderType: 2,
        status: 1,
        price: null,
        quantity,
        budget,
        frozen: 0n,
        createdAt: at,
      });
      this.deps.orders.markFilled(orderId, {
        filledQty: fill.quantity,
        filledValue: fill.value,
        avgPrice: fill.avgPrice,
        fee: fill.fee,
        feeCoinId: fill.feeCoinId,
        at,
        tradeTs: null,
      });
      this.deps.ledger.apply(
        fill.changes(`${side === 1 ? 'Buy' : 'Sell'} market ${market.symbol} #${orderId}`),
        orderId,
        at,
      );
      return orderId;
    });
    return this.deps.orders.find(id) as SpotOrderRow;
  }

  /** One fill of `quantity` base units of a limit order by one print, with its bill rows, in one transaction. */
  private fillLimit(order: SpotOrderRow, market: MarketRow, quantity: bigint, trade: TradePrint): void {
    const price = order.price as bigint;
    const taker = { units: order.taker_value, rem: order.taker_value_rem };
    const before = order.filled_qty;
    const after = before + quantity;
    const complete = after === order.quantity;
    // The resting part is valued at the limit on its own fills, after the book part the order took at once.
    const valueBefore = orderValue(order.side, taker, before - order.taker_qty, price);
    const valueAfter = orderValue(order.side, taker, after - order.taker_qty, price);
    const value = valueAfter - valueBefore;
    const buy = order.side === 1;
    // A buy pays with quote it froze; a sell delivers base it froze.
    const consumed = buy ? value : quantity;
    if (after > (order.quantity as bigint) || consumed > order.frozen)
      throw new Error(`a fill of ${quantity} exceeds what order ${order.id} holds`);
    // The fee is on what the trader receives, taken on the running total so the fills add up to a whole fill's fee.
    const feeBefore = feeFor(buy ? before : valueBefore, market.base_fee_ppm);
    const feeAfter = feeFor(buy ? after : valueAfter, market.base_fee_ppm);
    const fee = feeAfter - feeBefore;
    // Nothing is left to freeze once complete; a rest (never expected by the rounding above) goes back.
    const rest = order.frozen - consumed;
    const at = this.deps.now();
    const baseKey = { userId: order.user_id, coinId: market.base_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    const quoteKey = { userId: order.user_id, coinId: market.quote_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    const [paidKey, receivedKey] = buy ? [quoteKey, baseKey] : [baseKey, quoteKey];
    const received = buy ? quantity : value;
    const remark = `${buy ? 'Buy' : 'Sell'} limit ${market.symbol} #${order.id}`;
    this.deps.db.transaction(() => {
      const recorded = this.deps.orders.recordLimitFill(order.id, {
        filledBefore: before,
        filledQty: after,
        filledValue: valueAfter,
        fee: feeAfter,
        feeCoinId: receivedKey.coinId,
        frozen: complete ? 0n : rest,
        complete,
        quantity,
        value,
        feeDelta: fee,
        price,
        avgPrice: orderAveragePrice(taker, after - order.taker_qty, price, after),
        tradeId: trade.tradeId,
        tradeTs: trade.ts,
        at,
      });
      if (!recorded) return;
      this.deps.ledger.apply(
        [
          { ...paidKey, part: 'frozen', amount: -consumed, kind: 'spot_fill', remark },
          { ...receivedKey, part: 'available', amount: received, kind: 'spot_fill', remark },
          { ...receivedKey, part: 'available', amount: -fee, kind: 'spot_fee', remark },
        ],
        order.id,
        at,
      );
      if (complete) this.release(paidKey, rest, remark, order.id, at);
    })();
  }

  /** Moves `amount` of a balance from frozen back to available, with its two bill rows (nothing when 0). */
  private release(key: BalanceKey, amount: bigint, remark: string, orderId: number, at: number): void {
    this.deps.ledger.apply(
      [
        { ...key, part: 'frozen', amount: -amount, kind: 'spot_unfreeze', remark },
        { ...key, part: 'available', amount, kind: 'spot_unfreeze', remark },
      ],
      orderId,
      at,
    );
  }

  /** Runs `work` in a transaction; a balance that would go negative becomes the insufficient-balance refusal. */
  private inTransaction<T>(work: () => T): T {
    try {
      return this.deps.db.transaction(work)();
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new Rejection('trade.insufficient');
      throw error;
    }
  }
}
