import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { FeedMarketPort } from '../domain/feed-market-port.ts';
import type { MarketPort } from '../domain/market-port.ts';
import { createTrading, type Trading } from '../domain/trading.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The trading services (market lists, spot, second contracts); they exist once the app is ready. */
    trading: () => Trading;
  }
}

export interface TradingPluginOptions {
  /** The market to trade against; by default the app's own feed (`fastify.marketFeed`). */
  market?: MarketPort;
  /** Run the fill and settlement timer (default true); tests that step by hand turn it off. */
  background?: boolean;
  /** Receives the trading services once built (tests step them with `tick()`). */
  onTrading?: (trading: Trading) => void;
}

/** The market port over the app's running feed, which the feed plugin decorates on the root instance. */
export function appMarketPort(fastify: FastifyInstance): MarketPort {
  if (!fastify.hasDecorator('marketFeed')) throw new Error('the market feed is not registered: trading needs it');
  return new FeedMarketPort(fastify.marketFeed);
}

/**
 * Decorates `trading`. The services are built when the app is ready, because the feed plugin
 * registers after the API; then the background timer starts. They stop when the app closes.
 */
const trading: FastifyPluginAsync<TradingPluginOptions> = async (fastify, { market, background = true, onTrading }) => {
  const ctx = fastify.apiContext;
  let built: Trading | undefined;
  fastify.decorate('trading', (): Trading => {
    if (!built) throw new Error('trading is not ready yet');
    return built;
  });
  fastify.addHook('onReady', async () => {
    built = createTrading({
      db: ctx.db,
      market: market ?? appMarketPort(fastify),
      now: ctx.now,
      log: (message) => fastify.log.error(message),
    });
    if (background) built.start();
    onTrading?.(built);
  });
  fastify.addHook('onClose', async () => built?.stop());
};

export const tradingPlugin = fastifyPlugin(trading, { name: 'trading', fastify: '5.x', dependencies: ['api-context'] });
