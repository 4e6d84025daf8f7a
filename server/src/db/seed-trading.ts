import type { Db } from './database.ts';
import { LedgerRepository, type BalanceChange } from './repositories/ledger-repository.ts';
import { MarketRepository } from './repositories/market-repository.ts';
import { syncCatalogue } from '../domain/catalogue.ts';
import { parseAmount } from '../domain/money.ts';
import { SPOT_ACCOUNT_TYPE } from '../domain/spot-trading.ts';

/**
 * The demo account's starting funds in account type 1, which spot trading and the options stake
 * both draw from (so the options config's `balance` is the USDT here).
 */
export const DEMO_FUNDS: Readonly<Record<string, string>> = { usdt: '10000', btc: '0.5', eth: '5' };

/**
 * Gives the demo user its starting funds, each as a `grant` bill row, so every balance equals the
 * sum of its bills from the first row on. Called by seedDemo inside its transaction.
 */
export function seedTradingDemo(db: Db, userId: number, now: number): void {
  const markets = new MarketRepository(db);
  syncCatalogue(markets);
  const changes: BalanceChange[] = Object.entries(DEMO_FUNDS).map(([coin, amount]) => {
    const parsed = parseAmount(amount);
    const row = markets.coinByName(coin);
    if (!parsed.ok || !row) throw new Error(`demo funds: bad entry ${coin} ${amount}`);
    return {
      userId,
      coinId: row.id,
      accountType: SPOT_ACCOUNT_TYPE,
      part: 'available',
      amount: parsed.units,
      kind: 'grant',
      remark: 'Demo funds',
    };
  });
  new LedgerRepository(db).apply(changes, null, now);
}
