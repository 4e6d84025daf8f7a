import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

const LANG_HEADER = {
  type: 'object',
  properties: { lang: { type: 'string', description: 'The language of the answer messages, a file_name of getLangList (default en)' } },
};

/**
 * Publishes the declarations of the /api routes as an OpenAPI 3.1 document at /api/openapi.json, so
 * an operator can implement the backend this app speaks. Register it in the /api scope before the
 * routes: it collects each route as it is added.
 */
export async function registerOpenApi(fastify: FastifyInstance, version: string): Promise<void> {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TradeDesk app API',
        version,
        description:
          'The calls of the mobile app (spec §7). Bodies are form-encoded; every answer is the envelope {code, msg, data} ' +
          '(code 1 ok, 0/201/204 failure with msg to show, 401 log in again), HTTP 200 unless the request never reached a route.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } } },
    },
    transform: ({ schema, url }) => {
      const declared = schema as Record<string, unknown> | undefined;
      if (!declared || !url.startsWith('/api/')) return { schema: { ...declared, hide: true }, url };
      return { schema: { ...declared, headers: LANG_HEADER }, url };
    },
  });
  fastify.get('/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
}
