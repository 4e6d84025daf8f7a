import type { Db } from '../../db/database.ts';
import { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../../db/repositories/market-repository.ts';
import type { UploadRepository } from '../../db/repositories/upload-repository.ts';
import type { PayPasswordCheck } from '../pay-password.ts';
import type { Reviews } from '../reviews.ts';
import type { SiteConfig } from '../site-config.ts';
import { Deposits } from './deposits.ts';
import type { WithdrawalDestinations } from './destinations.ts';
import { FlashExchange } from './flash-exchange.ts';
import { OwnTransfers } from './own-transfers.ts';
import type { PriceSource } from './prices.ts';
import type { WalletConfig } from './wallet-config.ts';
import type { WalletDeps } from './wallet-deps.ts';
import { Withdrawals } from './withdrawals.ts';

export interface WalletOptions {
  db: Db;
  reviews: Reviews;
  uploads: UploadRepository;
  payPassword: PayPasswordCheck;
  destinations: WithdrawalDestinations;
  prices: PriceSource;
  config: () => WalletConfig;
  site: () => SiteConfig;
  now: () => number;
}

/** The wallet's services, built once per app on its database, clock, prices and configs. */
export interface Wallet {
  deps: WalletDeps;
  prices: PriceSource;
  transfers: OwnTransfers;
  deposits: Deposits;
  withdrawals: Withdrawals;
  exchange: FlashExchange;
}

export function createWallet(options: WalletOptions): Wallet {
  const deps: WalletDeps = {
    db: options.db,
    ledger: new LedgerRepository(options.db),
    coins: new MarketRepository(options.db),
    config: options.config,
    site: options.site,
    now: options.now,
  };
  return {
    deps,
    prices: options.prices,
    transfers: new OwnTransfers(deps),
    deposits: new Deposits({ ...deps, reviews: options.reviews, uploads: options.uploads }),
    withdrawals: new Withdrawals({
      ...deps,
      reviews: options.reviews,
      destinations: options.destinations,
      payPassword: options.payPassword,
    }),
    exchange: new FlashExchange({ ...deps, prices: options.prices, payPassword: options.payPassword }),
  };
}
