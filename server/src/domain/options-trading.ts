import type { Db } from '../db/database.ts';
import { InsufficientBalanceError, type LedgerRepository } from '../db/repositories/ledger-repository.ts';
import type { MarketRepository } from '../db/repositories/market-repository.ts';
import type {
  OptionDurationRow,
  OptionOrderRow,
  OptionRepository,
  OptionSettingsRow,
} from '../db/repositories/option-repository.ts';
import { feeFor } from './fees.ts';
import type { MarketPort } from './market-port.ts';
import { formatTrimmed, type SentAmount } from './money.ts';
import { optionOutcome, optionPayout, type OptionDirection } from './settlement.ts';
import type { SpotTrading } from './spot-trading.ts';
import { reject, Rejection } from './rejection.ts';

/**
 * When the feed still cannot name the price at an order's expiry this long after it, the order is
 * voided: stake and fee go back and no outcome is claimed (a price we do not know decides nothing).
 * An order bought before the feed's current run (a server restart) is voided at its expiry without
 * that wait, for the same reason: the restarted feed's prices are not the market it was bought on.
 */
export const VOID_AFTER_MS = 10 * 60_000;

/** A creatorder order (docs/product-rules.md#options), its fields already checked for shape by the route's declaration. */
export interface OptionOrderRequest {
  marketId: number;
  /** Duration in seconds; must be one the server offers. */
  seconds: number;
  /** Stake in the options coin. */
  stake: SentAmount;
  /** 1 buy up, 2 buy down. */
  direction: OptionDirection;
}

export interface OptionsTradingDeps {
  db: Db;
  ledger: LedgerRepository;
  markets: MarketRepository;
  options: OptionRepository;
  spot: SpotTrading;
  market: MarketPort;
  now: () => number;
  log?: (message: string) => void;
}

/** The options configuration as the server applies it. */
export interface OptionsConfig {
  settings: OptionSettingsRow;
  coin: { id: number; title: string; decimals: number };
  durations: OptionDurationRow[];
}

/**
 * Second contracts (docs/architecture.md#the-server). At creation the stake (and the configured fee, default 0) is
 * debited, the payout percent is taken from the server's own duration table, and the buy price is
 * the feed's last trade price at the creation instant. At expiry the settlement price is the feed's
 * last trade price at the expiry instant. Each price is stored with the market trade that set it
 * (its tradeId and ts as the public feed published them: verifiable settlement), and the
 * outcome follows from the two prices alone
 * (settlement.ts `optionOutcome`: up wins above, down wins below, an exact tie refunds the stake).
 * A win credits stake x (1 + percent / 100). Nothing else decides the outcome: there is no per-user
 * or per-order control. Settlement runs from a timer and again on every read of the user's orders;
 * it is idempotent (an order's settlement is written once, guarded by its open status).
 */
export class OptionsTrading {
  constructor(private readonly deps: OptionsTradingDeps) {}

  config(): OptionsConfig {
    const settings = this.deps.options.settings();
    const coin = this.deps.markets.coinById(settings.coin_id);
    if (!coin) throw new Error(`options coin ${settings.coin_id} is missing`);
    return {
      settings,
      coin: { id: coin.id, title: coin.title, decimals: coin.decimals },
      durations: this.deps.options.durations(),
    };
  }

  /** Opens an order and returns its id. */
  create(userId: number, order: OptionOrderRequest): number {
    const { market } = this.deps.spot.tradablePair(order.marketId, 'option');
    const { direction } = order;
    const { settings, coin, durations } = this.config();
    const duration = durations.find((d) => d.seconds === order.seconds);
    if (!duration) reject('option.durationInvalid');
    const stake = order.stake.units(coin.decimals) ?? reject('option.amountDecimals', { decimals: coin.decimals });
    if (stake < duration.min_stake) reject('option.amountMin', { min: formatTrimmed(duration.min_stake) });
    const fee = feeFor(stake, settings.fee_ppm);
    const key = { userId, coinId: coin.id, accountType: settings.account_type };
    if (this.deps.ledger.balance(key).available < stake + fee) reject('trade.insufficient');
    const at = this.deps.now();
    const price = this.deps.market.lastTradePrice(market.symbol, at);
    if (!price) reject('market.priceUnavailable');

    try {
      return this.deps.db.transaction(() => {
        const orderId = this.deps.options.insert({
          userId,
          marketId: market.id,
          coinId: coin.id,
          accountType: settings.account_type,
          direction,
          seconds: duration.seconds,
          payoutBp: duration.payout_bp,
          stake,
          fee,
          buyPrice: price.price,
          buyPriceTs: price.ts,
          buyTradeId: price.tradeId,
          buyTradeTs: price.tradeTs,
          createdAt: at,
        });
        const remark = `${direction === 1 ? 'Up' : 'Down'} ${market.symbol} ${duration.seconds}s #${orderId}`;
        this.deps.ledger.apply(
          [
            { ...key, part: 'available', amount: -stake, kind: 'option_stake', remark },
            { ...key, part: 'available', amount: -fee, kind: 'option_fee', remark },
          ],
          orderId,
          at,
        );
        return orderId;
      })();
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new Rejection('trade.insufficient');
      throw error;
    }
  }

  /** Settles every open order (of one user, or of all) whose expiry has passed. Returns how many it settled. */
  settleDue(userId?: number): number {
    const now = this.deps.now();
    let settled = 0;
    for (const order of this.deps.options.due(now, userId)) {
      try {
        if (this.settle(order, now)) settled++;
      } catch (error) {
        this.deps.log?.(`option order ${order.id} could not settle: ${(error as Error).message}`);
      }
    }
    return settled;
  }

  /** A user's order, settled first if it is due; null when it is not theirs or does not exist. */
  order(userId: number, orderId: number): OptionOrderRow | null {
    this.settleDue(userId);
    const order = this.deps.options.find(orderId);
    return order && order.user_id === userId ? order : null;
  }

  private settle(order: OptionOrderRow, now: number): boolean {
    const market = this.deps.markets.marketById(order.market_id);
    if (!market) return false;
    const key = { userId: order.user_id, coinId: order.coin_id, accountType: order.account_type };
    // An order bought on an earlier run of the feed (before a restart) has no comparable price now.
    const point =
      order.created_at < this.deps.market.liveSince()
        ? undefined
        : this.deps.market.lastTradePrice(market.symbol, order.expires_at);
    if (!point) {
      if (now - order.expires_at < VOID_AFTER_MS && order.created_at >= this.deps.market.liveSince()) return false;
      const refund = order.stake + order.fee;
      const voided = {
        settlePrice: null,
        settlePriceTs: null,
        settleTradeId: null,
        settleTradeTs: null,
        result: 4 as const,
        payout: refund,
        at: now,
      };
      return this.write(order, voided, key, 'option_refund', 'Void');
    }
    const outcome = optionOutcome(order.direction, order.buy_price, point.price);
    const payout = optionPayout(order.stake, order.payout_bp, outcome);
    const result = outcome === 'win' ? 1 : outcome === 'lose' ? 2 : 3;
    const kind = outcome === 'tie' ? 'option_refund' : 'option_payout';
    const settlement = {
      settlePrice: point.price,
      settlePriceTs: point.ts,
      settleTradeId: point.tradeId,
      settleTradeTs: point.tradeTs,
      result,
      payout,
      at: now,
    } as const;
    return this.write(order, settlement, key, kind, outcome === 'tie' ? 'Tie' : 'Win');
  }

  private write(
    order: OptionOrderRow,
    settlement: Parameters<OptionRepository['settle']>[1],
    key: { userId: number; coinId: number; accountType: number },
    kind: 'option_payout' | 'option_refund',
    label: string,
  ): boolean {
    return this.deps.db.transaction(() => {
      if (!this.deps.options.settle(order.id, settlement)) return false;
      this.deps.ledger.apply(
        [{ ...key, part: 'available', amount: settlement.payout, kind, remark: `${label} option #${order.id}` }],
        order.id,
        settlement.at,
      );
      return true;
    })();
  }
}
