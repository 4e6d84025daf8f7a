import type { FastifyPluginAsync } from 'fastify';
import { MailRepository } from '../../db/repositories/mail-repository.ts';

/**
 * Test-only routes of the API side, registered only when config.testRoutes is on.
 * GET /__test/outbox?to=<email>: the local outbox as a plain JSON array, newest first, each
 * {to, subject, body, code, created_at (ms)}; every message when `to` is absent.
 */
export const testRoutes: FastifyPluginAsync = async (fastify) => {
  const mail = new MailRepository(fastify.db);
  fastify.get<{ Querystring: { to?: string } }>('/__test/outbox', async (request) => {
    const to = typeof request.query.to === 'string' ? request.query.to.trim().toLowerCase() : '';
    return mail.messages(to || null);
  });
};
