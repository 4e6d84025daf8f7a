import type { Db } from '../db/database.ts';
import { InsufficientBalanceError, type BalanceChange, type LedgerRepository } from '../db/repositories/ledger-repository.ts';
import type { MarketRepository, MarketRow } from '../db/repositories/market-repository.ts';
import type { SpotOrderRepository, SpotOrderRow } from '../db/repositories/spot-order-repository.ts';
import { feeFor } from './fees.ts';
import type { MarketPort, PairInfo, TradePrint } from './market-port.ts';
import { averagePrice, throughBounds, walkBuyByValue, walkSellQuantity } from './matching.ts';
import { UNIT, divide, parseAmount, stepUnits, valueOf, type AmountProblem } from './money.ts';
import { reject, TradeRejection } from './trade-rejection.ts';
import type { MessageKey } from '../i18n/index.ts';

/**
 * Spot trading uses account type 1 (spec §7 getCoinBalance: "type 1 entries carry balance"), the
 * same account the options stake is drawn from by default.
 */
export const SPOT_ACCOUNT_TYPE = 1;

/** How many levels of one side a market order may walk (the feed's full step0 depth). */
export const MARKET_WALK_LEVELS = 150;

/** The raw fields of spec §7 upbbbuy, as sent. */
export interface SpotOrderFields {
  m_id: string;
  /** 1 buy, 2 sell. */
  type: string;
  /** 1 limit, 2 market. */
  operate_type: string;
  /** Base quantity: limit orders and market sells. */
  num: string;
  /** Limit price. */
  price: string;
  /** Quote value to spend: market buys. */
  amount: string;
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

type Field = 'price' | 'num' | 'amount';

const PROBLEM_KEYS: Record<Field, Record<AmountProblem, MessageKey>> = {
  price: { invalid: 'trade.priceInvalid', zero: 'trade.priceInvalid', decimals: 'trade.priceDecimals', tooLarge: 'trade.tooLarge' },
  num: { invalid: 'trade.numInvalid', zero: 'trade.numInvalid', decimals: 'trade.numDecimals', tooLarge: 'trade.tooLarge' },
  amount: { invalid: 'trade.amountInvalid', zero: 'trade.amountInvalid', decimals: 'trade.amountDecimals', tooLarge: 'trade.tooLarge' },
};
const REQUIRED_KEYS: Record<Field, MessageKey> = { price: 'trade.priceRequired', num: 'trade.numRequired', amount: 'trade.amountRequired' };

function amountField(field: Field, text: string, decimals: number): bigint {
  if (text === '') reject(REQUIRED_KEYS[field]);
  const parsed = parseAmount(text, decimals);
  if (!parsed.ok) reject(PROBLEM_KEYS[field][parsed.problem], { decimals });
  return parsed.units;
}

/**
 * Spot orders against the feed (DESIGN.md §5):
 * - a market order fills at once, walking the feed's visible book best first at the prices it shows
 *   (a buy spends at most `amount` of the quote coin, a sell sells `num` of the base coin); what the
 *   visible book cannot fill is not traded (the order completes with what it got); nothing fills
 *   when the book has nothing;
 * - a limit order freezes its cost (buy: ceil(num x price) of the quote coin; sell: num of the base
 *   coin) and fills whole, at its own limit price, on the first feed trade printed after it was
 *   placed that goes strictly through the limit (matching.ts `limitTriggered`);
 * - a cancel unfreezes exactly what is still frozen;
 * - the fee (the base coin's `spot_fee_ppm`) is taken from what the fill pays out.
 * Every balance change is one transaction with its bill rows; refusals write nothing.
 */
export class SpotTrading {
  constructor(private readonly deps: SpotTradingDeps) {}

  /** The pair behind an m_id, if it exists, is open for spot trading and the feed serves it. */
  tradablePair(mId: string, purpose: 'spot' | 'option'): TradablePair {
    const id = /^\d{1,9}$/.test(mId) ? Number(mId) : 0;
    const market = id > 0 ? this.deps.markets.marketById(id) : null;
    if (!market) reject('market.unknown');
    const enabled = purpose === 'spot' ? market.spot_enabled : market.option_enabled;
    const pair = this.deps.market.pairs().find((p) => p.symbol === market.symbol);
    if (!enabled || !pair) reject('market.closed');
    return { market, pair };
  }

  /** Places an order; returns it as stored (a market order already completed). */
  place(userId: number, fields: SpotOrderFields): SpotOrderRow {
    const { market, pair } = this.tradablePair(fields.m_id, 'spot');
    // Trades printed before this order existed are matched (against older orders) before it is placed.
    this.deps.market.flushTrades();
    const side = fields.type === '1' ? 1 : fields.type === '2' ? 2 : reject('trade.sideInvalid');
    const orderType = fields.operate_type === '1' ? 1 : fields.operate_type === '2' ? 2 : reject('trade.orderTypeInvalid');
    if (orderType === 1) {
      const price = amountField('price', fields.price, pair.pricePrecision);
      const quantity = amountField('num', fields.num, pair.amountPrecision);
      return this.placeLimit(userId, market, side, price, quantity);
    }
    if (side === 1) return this.marketBuy(userId, market, pair, amountField('amount', fields.amount, this.quoteDecimals(market)));
    return this.marketSell(userId, market, pair, amountField('num', fields.num, pair.amountPrecision));
  }

  /** Cancels an open order of this user and unfreezes what it held. */
  cancel(userId: number, orderId: string): SpotOrderRow {
    // A trade the feed already printed may have filled the order before this cancel arrived.
    this.deps.market.flushTrades();
    const id = /^\d{1,12}$/.test(orderId) ? Number(orderId) : 0;
    const order = id > 0 ? this.deps.orders.find(id) : null;
    if (!order || order.user_id !== userId) reject('trade.orderNotFound');
    if (order.status !== 1) reject('trade.notOpen');
    const market = this.deps.markets.marketById(order.market_id) as MarketRow;
    const at = this.deps.now();
    this.deps.db.transaction(() => {
      if (!this.deps.orders.markCancelled(order.id, at)) reject('trade.notOpen');
      const key = { userId, coinId: order.side === 1 ? market.quote_coin_id : market.base_coin_id, accountType: SPOT_ACCOUNT_TYPE };
      this.deps.ledger.apply(
        [
          { ...key, part: 'frozen', amount: -order.frozen, kind: 'spot_unfreeze', remark: `Cancel ${market.symbol} #${order.id}` },
          { ...key, part: 'available', amount: order.frozen, kind: 'spot_unfreeze', remark: `Cancel ${market.symbol} #${order.id}` },
        ],
        order.id,
        at,
      );
    })();
    return this.deps.orders.find(order.id) as SpotOrderRow;
  }

  /** Fills the open limit orders a feed trade went through (the feed's trade listener). */
  onTrade(symbol: string, trade: TradePrint): void {
    const market = this.deps.markets.marketBySymbol(symbol);
    if (!market) return;
    const { buyAbove, sellBelow } = throughBounds(trade.price);
    const crossed = this.deps.orders.crossedBy(market.id, buyAbove, sellBelow, trade.ts);
    for (const order of crossed) {
      try {
        this.fillLimit(order, market, trade.ts);
      } catch (error) {
        this.deps.log?.(`spot order ${order.id} could not fill: ${(error as Error).message}`);
      }
    }
  }

  private quoteDecimals(market: MarketRow): number {
    return this.deps.markets.coinById(market.quote_coin_id)?.decimals ?? 8;
  }

  private placeLimit(userId: number, market: MarketRow, side: 1 | 2, price: bigint, quantity: bigint): SpotOrderRow {
    // A buy freezes its cost rounded up to a unit, so the fill can always be paid from it.
    const frozen = side === 1 ? valueOf(quantity, price, 'ceil') : quantity;
    const coinId = side === 1 ? market.quote_coin_id : market.base_coin_id;
    const key = { userId, coinId, accountType: SPOT_ACCOUNT_TYPE };
    if (this.deps.ledger.balance(key).available < frozen) reject('trade.insufficient');
    const at = this.deps.now();
    const id = this.inTransaction(() => {
      const orderId = this.deps.orders.insert({ userId, marketId: market.id, side, orderType: 1, status: 1, price, quantity, budget: null, frozen, createdAt: at });
      const remark = `${side === 1 ? 'Buy' : 'Sell'} limit ${market.symbol} #${orderId}`;
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
    fill: { quantity: bigint; value: bigint; avgPrice: bigint; fee: bigint; feeCoinId: number; changes: (remark: string) => BalanceChange[] },
  ): SpotOrderRow {
    const at = this.deps.now();
    const id = this.inTransaction(() => {
      const orderId = this.deps.orders.insert({ userId, marketId: market.id, side, orderType: 2, status: 1, price: null, quantity, budget, frozen: 0n, createdAt: at });
      this.deps.orders.markFilled(orderId, { filledQty: fill.quantity, filledValue: fill.value, avgPrice: fill.avgPrice, fee: fill.fee, feeCoinId: fill.feeCoinId, at, tradeTs: null });
      this.deps.ledger.apply(fill.changes(`${side === 1 ? 'Buy' : 'Sell'} market ${market.symbol} #${orderId}`), orderId, at);
      return orderId;
    });
    return this.deps.orders.find(id) as SpotOrderRow;
  }

  private fillLimit(order: SpotOrderRow, market: MarketRow, tradeTs: number): void {
    const price = order.price as bigint;
    const quantity = order.quantity as bigint;
    const at = this.deps.now();
    const baseKey = { userId: order.user_id, coinId: market.base_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    const quoteKey = { userId: order.user_id, coinId: market.quote_coin_id, accountType: SPOT_ACCOUNT_TYPE };
    const remark = `${order.side === 1 ? 'Buy' : 'Sell'} limit ${market.symbol} #${order.id}`;
    this.deps.db.transaction(() => {
      if (order.side === 1) {
        // The frozen cost is exactly what the fill costs: the order fills whole at its own price.
        const cost = order.frozen;
        const fee = feeFor(quantity, market.base_fee_ppm);
        if (!this.deps.orders.markFilled(order.id, { filledQty: quantity, filledValue: cost, avgPrice: price, fee, feeCoinId: market.base_coin_id, at, tradeTs })) return;
        this.deps.ledger.apply(
          [
            { ...quoteKey, part: 'frozen', amount: -cost, kind: 'spot_fill', remark },
            { ...baseKey, part: 'available', amount: quantity, kind: 'spot_fill', remark },
            { ...baseKey, part: 'available', amount: -fee, kind: 'spot_fee', remark },
          ],
          order.id,
          at,
        );
      } else {
        const proceeds = valueOf(quantity, price, 'floor');
        const fee = feeFor(proceeds, market.base_fee_ppm);
        if (!this.deps.orders.markFilled(order.id, { filledQty: quantity, filledValue: proceeds, avgPrice: price, fee, feeCoinId: market.quote_coin_id, at, tradeTs })) return;
        this.deps.ledger.apply(
          [
            { ...baseKey, part: 'frozen', amount: -order.frozen, kind: 'spot_fill', remark },
            { ...quoteKey, part: 'available', amount: proceeds, kind: 'spot_fill', remark },
            { ...quoteKey, part: 'available', amount: -fee, kind: 'spot_fee', remark },
          ],
          order.id,
          at,
        );
      }
    })();
  }

  /** Runs `work` in a transaction; a balance that would go negative becomes the insufficient-balance refusal. */
  private inTransaction<T>(work: () => T): T {
    try {
      return this.deps.db.transaction(work)();
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new TradeRejection('trade.insufficient');
      throw error;
    }
  }
}
