import type { Db } from '../../db/database.ts';
import { InsufficientBalanceError, type LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import type { CoinRow, MarketRepository } from '../../db/repositories/market-repository.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { openAccountTypes, type AccountType } from '../accounts.ts';
import { UNIT_DECIMALS, type SentAmount } from '../money.ts';
import { reject, Rejection } from '../rejection.ts';
import type { SiteConfig } from '../site-config.ts';
import type { WalletConfig } from './wallet-config.ts';

/** What every wallet service works with. */
export interface WalletDeps {
  db: Db;
  ledger: LedgerRepository;
  coins: MarketRepository;
  /** The wallet config in force (DATA_DIR/wallet-config.json). */
  config: () => WalletConfig;
  /** The site config in force: the switches the server enforces. */
  site: () => SiteConfig;
  now: () => number;
}

/** The coin of `coinId`, or a refusal. */
export function knownCoin(deps: WalletDeps, coinId: number): CoinRow {
  return deps.coins.coinById(coinId) ?? reject('wallet.coinUnknown');
}

/** The units of `amount` in `coin`, refusing more decimals than the coin has (the message names them). */
export function unitsOf(amount: SentAmount, coin: CoinRow): bigint {
  const decimals = Math.min(coin.decimals, UNIT_DECIMALS);
  return amount.units(decimals) ?? reject('wallet.amountDecimals', { decimals, coin: coin.title });
}

/** `type` when it is an account type open under the site config (3 only with quantize_switch), else a refusal. */
export function openAccount(deps: WalletDeps, type: number): AccountType {
  const open = openAccountTypes(deps.site());
  return open.find((t) => t === type) ?? reject('wallet.accountClosed');
}

/** Refuses unless the site switch is 1, with `message`. */
export function requireSwitch(deps: WalletDeps, name: keyof SiteConfig, message: MessageKey): void {
  if (deps.site()[name] !== 1) reject(message);
}

/** Runs `work` in one transaction; a balance that would go negative refuses the whole of it (nothing written). */
export function inTransaction<T>(db: Db, work: () => T): T {
  try {
    return db.transaction(work)();
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw new Rejection('wallet.insufficient');
    throw error;
  }
}
