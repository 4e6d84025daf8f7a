import type { FastifyPluginAsync } from 'fastify';
import { MovableClock } from '../../feed/clock.ts';

/**
 * Test-only: the server's clock, registered only when config.testRoutes is on (then the app runs on
 * a MovableClock). A test reaches a settlement, an accrual, a quote's expiry or the end of the
 * double-submit window by moving the clock instead of waiting for it.
 *   GET  /__test/clock                      -> {"now": ms}
 *   POST /__test/clock?advance_ms=N         the clock moves N ms forward (0..7 days); the market
 *                                           prints what became due and every due job runs before
 *                                           the answer                    -> {"now": ms}
 */
export const clockRoutes: FastifyPluginAsync = async (fastify) => {
  const clock = fastify.clock;
  fastify.get('/__test/clock', async () => ({ now: clock.now() }));
  fastify.post<{ Querystring: { advance_ms?: string } }>('/__test/clock', async (request, reply) => {
    if (!(clock instanceof MovableClock)) return reply.code(400).send({ error: 'this server runs on a fixed clock' });
    const text = request.query.advance_ms ?? '';
    const ms = /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
    if (!(ms >= 0 && ms <= MAX_ADVANCE_MS))
      return reply.code(400).send({ error: `advance_ms must be a whole number of ms from 0 to ${MAX_ADVANCE_MS}` });
    clock.advance(ms);
    fastify.marketFeed.source.pump();
    await fastify.jobs.run();
    return { now: clock.now() };
  });
};

const MAX_ADVANCE_MS = 7 * 24 * 3600 * 1000;
