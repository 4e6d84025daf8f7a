import type { Db } from '../db/database.ts';
import { LedgerRepository } from '../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../db/repositories/market-repository.ts';
import { OptionRepository } from '../db/repositories/option-repository.ts';
import { SpotOrderRepository } from '../db/repositories/spot-order-repository.ts';
import { syncCatalogue } from './catalogue.ts';
import type { MarketPort } from './market-port.ts';
import { OptionsTrading } from './options-trading.ts';
import { SpotTrading } from './spot-trading.ts';

/** How often the background loop delivers feed trades to the limit orders and settles due contracts. */
export const TRADING_TICK_MS = 250;

export interface TradingOptions {
  db: Db;
  market: MarketPort;
  now: () => number;
  log?: (message: string) => void;
}

/** Everything the trading routes work with, built once per app. */
export interface Trading {
  market: MarketPort;
  markets: MarketRepository;
  ledger: LedgerRepository;
  spotOrders: SpotOrderRepository;
  options: OptionRepository;
  spot: SpotTrading;
  contracts: OptionsTrading;
  now: () => number;
  /**
   * One pass of the background work: deliver the feed's new trades (limit fills), settle every
   * due contract. The timer calls it; tests call it to step deterministically.
   */
  tick(): void;
  /** Starts the background timer (idempotent); `stop` ends it and the trade subscription. */
  start(): void;
  stop(): void;
}

/**
 * Wires the trading domain: makes sure the pair catalogue exists, subscribes the spot matcher to
 * the feed's trades, and offers a timer for fills and settlement.
 */
export function createTrading({ db, market, now, log }: TradingOptions): Trading {
  const markets = new MarketRepository(db);
  const ledger = new LedgerRepository(db);
  const spotOrders = new SpotOrderRepository(db);
  const options = new OptionRepository(db);
  syncCatalogue(markets, market.pairs());
  const spot = new SpotTrading({ db, ledger, markets, orders: spotOrders, market, now, log });
  const contracts = new OptionsTrading({ db, ledger, markets, options, spot, market, now, log });
  const unsubscribe = market.onTrade((symbol, trade) => {
    if (spotOrders.hasOpen()) spot.onTrade(symbol, trade);
  });
  let timer: NodeJS.Timeout | null = null;
  const tick = (): void => {
    market.flushTrades();
    contracts.settleDue();
  };
  return {
    market,
    markets,
    ledger,
    spotOrders,
    options,
    spot,
    contracts,
    now,
    tick,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        try {
          tick();
        } catch (error) {
          log?.(`trading tick failed: ${(error as Error).message}`);
        }
      }, TRADING_TICK_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      unsubscribe();
    },
  };
}
