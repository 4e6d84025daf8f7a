import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { MarketRepository } from '../db/repositories/market-repository.ts';
import { DEMO_WALLET_CONFIG } from '../db/seed-wallet.ts';
import { syncCatalogue } from '../domain/catalogue.ts';
import type { WithdrawalDestinations } from '../domain/wallet/destinations.ts';
import type { PriceSource } from '../domain/wallet/prices.ts';
import { profileDestinations } from '../domain/wallet/profile-destinations.ts';
import { openWalletConfig } from '../domain/wallet/wallet-config.ts';
import { createWallet, type Wallet } from '../domain/wallet/wallet.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The wallet services (balances, records, transfers, deposits, withdrawals, exchange); they exist once the app is ready. */
    wallet: () => Wallet;
  }
}

export interface WalletPluginOptions {
  /** The prices to value and exchange at; by default the app's own feed (`fastify.marketPrice`). */
  prices?: PriceSource;
  /** Where withdrawals may go; by default the addresses and cards bound on the profile screens. */
  destinations?: WithdrawalDestinations;
}

/** The last trade prices of the app's running feed, which the feed plugin decorates on the root instance. */
function appPrices(fastify: FastifyInstance): PriceSource {
  if (!fastify.hasDecorator('marketPrice'))
    throw new Error('the market feed is not registered: the wallet needs its prices');
  return (symbol, atMs) => fastify.marketPrice(symbol, atMs);
}

/**
 * Decorates `wallet`. The services are built when the app is ready (the feed registers after the
 * API), with the operator's DATA_DIR/wallet-config.json (the demo's on a fresh demo server).
 */
const wallet: FastifyPluginAsync<WalletPluginOptions> = async (fastify, { prices, destinations }) => {
  const ctx = fastify.apiContext;
  let built: Wallet | undefined;
  fastify.decorate('wallet', (): Wallet => {
    if (!built) throw new Error('the wallet is not ready yet');
    return built;
  });
  fastify.addHook('onReady', async () => {
    const markets = new MarketRepository(ctx.db);
    // The coins the configuration names must exist before it is read (trading syncs them too; either may be first).
    syncCatalogue(markets);
    const config = openWalletConfig(
      ctx.config.dataDir,
      { error: (message) => fastify.log.error(message) },
      (name) => markets.coinByName(name) !== null,
      ctx.config.seedDemo ? DEMO_WALLET_CONFIG : undefined,
    );
    built = createWallet({
      db: ctx.db,
      reviews: ctx.reviews,
      uploads: ctx.uploads,
      payPassword: ctx.payPassword,
      destinations: destinations ?? profileDestinations(ctx.db),
      prices: prices ?? appPrices(fastify),
      config: () => config.get(),
      site: () => ctx.siteConfig.get(),
      now: ctx.now,
    });
  });
};

export const walletPlugin = fastifyPlugin(wallet, { name: 'wallet', fastify: '5.x', dependencies: ['api-context'] });
