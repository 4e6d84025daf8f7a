import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** The envelope of a failure that never reached a route's handler: code 0, the message, no data. */
const FAILURE_ENVELOPE = {
  type: 'object' as const,
  properties: {
    code: { type: 'integer' as const, enum: [0] },
    msg: { type: 'string' as const, description: "The message to show, in the caller's language" },
    data: { type: 'null' as const },
  },
  required: ['code', 'msg', 'data'],
};

/**
 * The answers every call can give besides its own (api-errors.ts), shared by reference. Refusals of
 * the rules and failed field checks are not among them: those answer HTTP 200, the call's own answer.
 */
const SHARED_ANSWERS = {
  TransportFailure: {
    description:
      'The request did not reach the call: an unknown path or method (404), a body too large (413), unreadable (400) or of a media type the server does not read (415)',
    content: { 'application/json': { schema: FAILURE_ENVELOPE } },
  },
  ServerFailure: {
    description: 'Something unexpected broke on the server (500); the message is a generic one',
    content: { 'application/json': { schema: FAILURE_ENVELOPE } },
  },
};

const LANG_HEADER = {
  type: 'object',
  properties: {
    lang: {
      type: 'string',
      description: 'The language of the answer messages, a file_name of getLangList (default en)',
    },
  },
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
        // The package is private and names no licence, so all rights are reserved; the identifier is
        // SPDX's form for a licence outside its list. Name the licence here when it gets one.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description:
          'The calls of the mobile app (docs/product-rules.md#calls-and-answers). Bodies are form-encoded; every answer is the envelope {code, msg, data} ' +
          '(code 1 ok, 0/201/204 failure with msg to show, 401 log in again), HTTP 200 unless the request never reached a route.',
      },
      // Relative: the paths are served by the server that serves this document, wherever it is deployed.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } },
        responses: SHARED_ANSWERS,
      },
    },
    transform: ({ schema, url }) => {
      const declared = schema as Record<string, unknown> | undefined;
      if (!declared || !url.startsWith('/api/')) return { schema: { ...declared, hide: true }, url };
      return { schema: { ...declared, headers: LANG_HEADER }, url };
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? withOperationIdsAndFailures(document.openapiObject as OpenApiDocument)
        : document.swaggerObject,
  });
  fastify.get('/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
}

interface Operation {
  operationId?: string;
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/**
 * The operationId of a call, from its method and path once for all: `POST /api/User/getUserInfo`
 * is `postUserGetUserInfo` (the /api every path starts with is left out).
 */
function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  if (words[0] === 'api') words.shift();
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** Every operation gets its operationId and the shared failure answers, unless it declares them itself. */
function withOperationIdsAndFailures<D extends OpenApiDocument>(document: D): D {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId ??= operationIdOf(method, path);
      operation.responses = {
        '4XX': { $ref: '#/components/responses/TransportFailure' },
        '5XX': { $ref: '#/components/responses/ServerFailure' },
        ...operation.responses,
      };
    }
  }
  return document;
}
