import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MarketFeed } from './market-feed.ts';

/**
 * Test-only controls (registered only with TEST_ROUTES=1), so client tests can exercise reconnects,
 * stale feeds and bursts:
 *   POST /__test/feed/drop                 every socket dropped (no close frame) -> {"dropped": n}
 *   POST /__test/feed/stall?seconds=N      no pushes and no pings for N s        -> {"stalledUntil": ms}
 *   POST /__test/feed/flood?factor=N       push rate x N (1 = normal)             -> {"factor": N}
 *   POST /__test/feed/replay/restart       replay only: the session starts over   -> {"restarted": true}
 *   POST /__test/feed/move?symbol=S&percent=P  simulator only: the pair's price moves P % (-50..100)
 *                                          by trades through the book           -> {"symbol": S, "percent": P}
 */
export function registerFeedControlRoutes(fastify: FastifyInstance, feed: MarketFeed): void {
  const number = (request: FastifyRequest, name: string): number => {
    const value = (request.query as Record<string, string | undefined>)[name];
    return value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  };
  const bad = (reply: FastifyReply, message: string): FastifyReply => reply.code(400).send({ error: message });

  fastify.post('/__test/feed/drop', async () => ({ dropped: feed.hub.dropAll() }));

  fastify.post('/__test/feed/stall', async (request, reply) => {
    const seconds = number(request, 'seconds');
    if (!(seconds >= 0 && seconds <= 3600)) return bad(reply, 'seconds must be a number from 0 to 3600');
    return { stalledUntil: feed.hub.stall(seconds * 1000) };
  });

  fastify.post('/__test/feed/flood', async (request, reply) => {
    const factor = number(request, 'factor');
    if (!(factor >= 1 && factor <= 100)) return bad(reply, 'factor must be a number from 1 to 100');
    feed.setFlood(factor);
    return { factor };
  });

  fastify.post('/__test/feed/move', async (request, reply) => {
    const percent = number(request, 'percent');
    const symbol = String((request.query as Record<string, string | undefined>).symbol ?? '');
    if (feed.source.kind !== 'simulate') return bad(reply, 'the feed is not the simulator');
    const sim = feed.source.data.symbolSim(symbol);
    if (!sim) return bad(reply, 'unknown symbol');
    if (!(percent >= -50 && percent <= 100)) return bad(reply, 'percent must be a number from -50 to 100');
    sim.moveFair(percent);
    return { symbol, percent };
  });

  fastify.post('/__test/feed/replay/restart', async (_request, reply) => {
    if (feed.source.kind !== 'replay') return bad(reply, 'the feed is not a replay');
    feed.source.restart();
    return { restarted: true };
  });
}
