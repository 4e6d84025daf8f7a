import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from '../http/client-address.ts';
import { registerFeedControlRoutes } from './control-routes.ts';
import { createMarketFeed, type MarketFeed } from './market-feed.ts';
import { clearActiveFeed, setActiveFeed } from './price.ts';
import { registerMarketRest } from './rest.ts';
import { SocketLimit } from './socket-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The running HTX market feed (source, socket hub, controls). */
    marketFeed: MarketFeed;
    /**
     * Last trade price of `symbol` at `tMs` (epoch ms) as an exact decimal string, or null when
     * unknown (see MarketFeed.priceAt). The price source for settling orders.
     */
    marketPrice(symbol: string, tMs: number): string | null;
  }
}

/**
 * The HTX-compatible market feed: WebSocket `/ws` and `/feed` (same handler, as the real split is
 * only by topic; at most FEED_MAX_SOCKETS_PER_IP per client address), the market REST endpoints,
 * and with TEST_ROUTES the `/__test/feed/*` controls.
 * Decorates the root instance with `marketFeed` and `marketPrice`.
 */
const plugin: FastifyPluginAsync = async (fastify) => {
  const building = performance.now();
  const feed = createMarketFeed(fastify.config.feed, { clock: fastify.clock });
  const { startMs } = fastify.config.feed;
  if (feed.source.kind === 'simulate' && startMs !== undefined) {
    const minutes = ((feed.clock.now() - startMs) / 60_000).toFixed(1);
    fastify.log.info(
      `market feed: FEED_START_MS was ${minutes} min ago; caught up in ${((performance.now() - building) / 1000).toFixed(1)} s`,
    );
  }
  if (feed.source.kind === 'replay' && feed.source.skipped > 0)
    fastify.log.warn(`replay file: ${feed.source.skipped} frames were not JSON and were skipped`);
  fastify.decorate('marketFeed', feed);
  fastify.decorate('marketPrice', (symbol: string, tMs: number) => feed.priceAt(symbol, tMs));
  setActiveFeed(feed);
  fastify.addHook('onClose', async () => {
    clearActiveFeed(feed);
    feed.close();
  });

  const limit = new SocketLimit(fastify.config.feed.maxSocketsPerIp);
  for (const path of ['/ws', '/feed']) {
    fastify.get(
      path,
      { websocket: true, onRequest: (request, reply) => admitSocket(limit, request, reply) },
      (socket) => {
        feed.hub.accept(socket);
      },
    );
  }
  registerMarketRest(fastify, feed);
  if (fastify.config.testRoutes) registerFeedControlRoutes(fastify, feed);
};

/**
 * Lets an upgrade through while its client address holds fewer than FEED_MAX_SOCKETS_PER_IP market
 * sockets (on /ws and /feed together), and counts it until its connection closes; refuses the
 * upgrade with HTTP 429 otherwise, before any WebSocket exists. A plain GET is not a socket.
 */
async function admitSocket(
  limit: SocketLimit,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (!request.ws) return undefined;
  const release = limit.take(clientKey(request.ip));
  if (release) {
    request.raw.socket.once('close', release);
    return undefined;
  }
  request.log.warn(
    { ip: request.ip, limit: limit.max },
    'market socket refused: too many from this address (FEED_MAX_SOCKETS_PER_IP)',
  );
  return reply.code(429).send({
    status: 'error',
    'err-code': 'too-many-sockets',
    'err-msg': `at most ${limit.max} market sockets per address`,
  });
}

// Registered without encapsulation (what fastify-plugin does), so the decorators reach every route.
export const feedPlugin: FastifyPluginAsync = Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'market-feed',
});
