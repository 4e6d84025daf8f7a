import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Rejection } from '../../domain/rejection.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import { ApiError, CODE } from '../envelope.ts';
import { requestLang } from '../lang.ts';
import { firstFailure } from './validation.ts';

/** The message of a transport-level failure (no route, body too large, wrong media type ...). */
function statusMessage(status: number): MessageKey {
  if (status === 404) return 'common.notFound';
  if (status === 413) return 'common.tooLarge';
  if (status >= 500) return 'common.serverError';
  return 'common.badRequest';
}

function send(reply: FastifyReply, status: number, code: number, msg: string) {
  return reply.code(status).send({ code, msg, data: null });
}

/**
 * Every answer under /api is the docs/product-rules.md#calls-and-answers envelope, failures included:
 * - a failed field check: HTTP 200, code 0, the message of the first declared field that broke a rule;
 * - a refusal of the rules (Rejection) or an ApiError (401, the rate limit): HTTP 200 with its code;
 * - a transport failure (unknown path, body too large, unreadable body): its HTTP status,
 *   still with the envelope, so the app's client shows the message;
 * - anything unexpected: HTTP 500, logged, with a generic message (never the error's text).
 */
export function installApiErrors(fastify: FastifyInstance): void {
  fastify.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLang(request);
    if (error.validation) {
      const contract = request.routeOptions.config.contract;
      const failure = contract ? firstFailure(contract.fields, error.validation) : null;
      return send(reply, 200, CODE.fail, t(lang, failure?.key ?? 'common.badRequest', failure?.vars));
    }
    if (error instanceof Rejection) return send(reply, 200, CODE.fail, t(lang, error.key, error.vars));
    if (error instanceof ApiError) return send(reply, 200, error.code, error.message);
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return send(reply, status, CODE.fail, t(lang, statusMessage(status)));
  });

  fastify.setNotFoundHandler((request, reply) =>
    send(reply, 404, CODE.fail, t(requestLang(request), 'common.notFound')),
  );
}
