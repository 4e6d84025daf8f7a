import type { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import type { CoinRow, MarketRepository } from '../../db/repositories/market-repository.ts';
import type { AccountType } from '../accounts.ts';
import { exactDecimal, timesDecimal } from './exact.ts';
import { usdtPrice, type PriceSource } from './prices.ts';

/** One coin of one account: available and frozen units, and their USDT value (null when the feed has no price). */
export interface CoinHolding {
  coin: CoinRow;
  available: bigint;
  frozen: bigint;
  value: bigint | null;
  /** The USDT price the value is at; null when nothing is held (no price is asked for) or the feed has none. */
  price: string | null;
}

export interface AccountHoldings {
  type: AccountType;
  coins: CoinHolding[];
  /** The USDT value of the account: the sum of its priced coins. */
  total: bigint;
}

/**
 * Everything a user holds in each open account type, every coin of the server listed (zero when
 * nothing is held), valued in USDT at the feed's last prices of one instant `at`: the value of a
 * coin is (available + frozen) × price, rounded down to a unit, and a total is the exact sum of its
 * parts. A coin the feed cannot price counts nothing and says so (value null).
 */
export function userHoldings(
  sources: { coins: MarketRepository; ledger: LedgerRepository },
  userId: number,
  types: readonly AccountType[],
  prices: PriceSource,
  at: number,
): { accounts: AccountHoldings[]; total: bigint } {
  const coins = sources.coins.coins();
  const held = new Map(sources.ledger.balancesOf(userId).map((row) => [`${row.accountType}:${row.coinId}`, row]));
  const priceOf = new Map<string, string | null>();
  const price = (coin: CoinRow): string | null => {
    if (!priceOf.has(coin.name)) priceOf.set(coin.name, usdtPrice(prices, coin.name, at));
    return priceOf.get(coin.name) ?? null;
  };
  const accounts = types.map((type): AccountHoldings => {
    let total = 0n;
    const list = coins.map((coin): CoinHolding => {
      const row = held.get(`${type}:${coin.id}`);
      const available = row?.available ?? 0n;
      const frozen = row?.frozen ?? 0n;
      const amount = available + frozen;
      // Nothing held is worth nothing, whether or not the feed prices the coin right now.
      const usdt = amount === 0n ? null : price(coin);
      const value = amount === 0n ? 0n : usdt === null ? null : timesDecimal(amount, exactDecimal(usdt), 'floor');
      total += value ?? 0n;
      return { coin, available, frozen, value, price: usdt };
    });
    return { type, coins: list, total };
  });
  return { accounts, total: accounts.reduce((sum, account) => sum + account.total, 0n) };
}
