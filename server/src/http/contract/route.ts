import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { UserRow } from '../../db/repositories/user-repository.ts';
import { submitKey, type DuplicateGuard } from '../../domain/duplicate-guard.ts';
import { Rejection } from '../../domain/rejection.ts';
import { t, type MessageKey } from '../../i18n/index.ts';
import type { Auth, Authed } from '../auth.ts';
import type { Envelope } from '../envelope.ts';
import { requestLang } from '../lang.ts';
import { envelopeSchema } from './answers.ts';
import type { FieldValues, Fields, JsonSchema } from './fields.ts';
import { normalizeInput } from './validation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a route declared with auth 'required' or 'optional' (null when anonymous). */
    authed: Authed | null;
  }
  interface FastifyContextConfig {
    /** The declared fields of an /api route, for answering a failed validation in their order. */
    contract?: { fields: Fields };
  }
}

export type AuthMode = 'none' | 'optional' | 'required';
type Method = 'GET' | 'POST';

/** What a handler receives: typed, already checked fields and the caller. */
export interface RouteCall<V, M extends AuthMode> {
  fields: V;
  /** The caller's language (`Lang` header). */
  lang: string;
  /** A server message in the caller's language. */
  t(key: MessageKey, vars?: Record<string, string | number>): string;
  user: M extends 'required' ? UserRow : UserRow | null;
  sessionId: M extends 'required' ? number : number | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** "When these fields have these values, those fields are required too" (e.g. a limit order needs a price). */
export interface RequireWhen {
  when: Record<string, string | number>;
  require: readonly string[];
}

/** One /api route: its path, caller, fields, answer and handler (docs/architecture.md#the-server). */
export interface RouteDeclaration<F extends Fields, A extends TSchema, M extends AuthMode> {
  /** The method; a call the spec reads both ways (getUserBalanceList) lists both. */
  method: Method | readonly Method[];
  url: string;
  summary: string;
  description?: string;
  auth: M;
  /** In the spec's order of validation: a request breaking several rules hears about the first. */
  fields?: F;
  requireWhen?: readonly RequireWhen[];
  /** The schema of `data` on success. */
  answer: A;
  /** Properties answered beside the envelope's three (only the ipify-compatible IP lookup has one). */
  beside?: Record<string, TSchema>;
  /** The per-address limit of abuse-prone calls (login, register, email code). */
  rateLimit?: boolean;
  /** Refuse an identical call of the same user within the guard's window, with this message (docs/product-rules.md#calls-and-answers posting flag). */
  once?: MessageKey;
  /** The body is not a form (uploads): fields are not read from it; the handler reads the request. */
  body?: { contentType: string; schema: JsonSchema };
  handler(call: RouteCall<FieldValues<F>, M>): Envelope<Static<A>> | Promise<Envelope<Static<A>>>;
}

/** What declared routes need from the API. */
export interface RouteServices {
  auth: Auth;
  guard: DuplicateGuard;
  /** The route config of a rate-limited call; false when the limit is off. */
  rateLimit: false | { max: number; timeWindow: number };
}

/** JSON Schema of a declaration's fields, with the conditional requirements as if/then. */
export function inputSchema(fields: Fields, requireWhen: readonly RequireWhen[] = []): JsonSchema {
  const required = Object.entries(fields)
    .filter(([, field]) => !field.optional)
    .map(([name]) => name);
  const conditions = requireWhen.map(({ when, require }) => ({
    if: {
      properties: Object.fromEntries(
        Object.entries(when).map(([name, value]) => [name, { enum: [value, String(value)] }]),
      ),
      required: Object.keys(when),
    },
    // The required fields are named again (any value: their shape is in `properties` above), as
    // OpenAPI tools look for a required field among the properties of the same schema.
    then: { properties: Object.fromEntries(require.map((name) => [name, {}])), required: [...require] },
  }));
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema])),
    ...(required.length > 0 ? { required } : {}),
    ...(conditions.length > 0 ? { allOf: conditions } : {}),
  };
}

/** The OpenAPI tag of a path: its first segment, as docs/product-rules.md#calls-and-answers groups the calls (Index, User, Trade ...). */
function tagOf(url: string): string {
  const first = url.split('/').find((part) => part !== '') ?? 'api';
  return first.charAt(0).toUpperCase() + first.slice(1);
}

/**
 * Who may call a route, as OpenAPI says it: the Token header, or either with or without it. An open
 * call says so with an empty list, so a reader never has to guess whether it was forgotten.
 */
function securityOf(auth: AuthMode): Record<string, string[]>[] {
  if (auth === 'required') return [{ token: [] }];
  if (auth === 'optional') return [{}, { token: [] }];
  return [];
}

/**
 * Returns `route(declaration)`, which registers a declared route in `fastify` (the /api scope): the
 * fields become the body (POST) or query (GET) schema Fastify validates, the answer the documented
 * 200 schema, the auth mode a hook that resolves the caller before anything is read. A failed check
 * never reaches the handler; the API's error handler answers it (api-errors.ts).
 */
export function routeDeclarer(fastify: FastifyInstance, services: RouteServices) {
  return function route<A extends TSchema, M extends AuthMode, F extends Fields = Record<never, never>>(
    spec: RouteDeclaration<F, A, M>,
  ): void {
    const fields = (spec.fields ?? {}) as F;
    const input = inputSchema(fields, spec.requireWhen);
    const methods: readonly Method[] = typeof spec.method === 'string' ? [spec.method] : spec.method;
    const onRequest =
      spec.auth === 'none'
        ? undefined
        : async (request: FastifyRequest) => {
            request.authed =
              spec.auth === 'required' ? services.auth.require(request) : services.auth.optional(request);
          };

    for (const method of methods) {
      const query = method === 'GET';
      const body = query
        ? {}
        : spec.body
          ? { body: spec.body.schema, consumes: [spec.body.contentType] }
          : { body: input, consumes: ['application/x-www-form-urlencoded'] };
      fastify.route({
        method,
        url: spec.url,
        schema: {
          summary: spec.summary,
          ...(spec.description ? { description: spec.description } : {}),
          tags: [tagOf(spec.url)],
          ...(query ? { querystring: input } : body),
          response: { 200: envelopeSchema(spec.answer, spec.beside) },
          security: securityOf(spec.auth),
        },
        config: { contract: { fields }, ...(spec.rateLimit ? { rateLimit: services.rateLimit } : {}) },
        ...(onRequest ? { onRequest } : {}),
        // A body that is not a form is documented, not validated: the handler reads and checks it itself.
        ...(spec.body ? { validatorCompiler: () => () => true } : {}),
        preValidation: async (request: FastifyRequest) => {
          if (query) request.query = normalizeInput(fields, request.query);
          else if (!spec.body) request.body = normalizeInput(fields, request.body);
        },
        handler: async (request, reply) => {
          const lang = requestLang(request);
          const raw = ((query ? request.query : spec.body ? {} : request.body) ?? {}) as Record<string, unknown>;
          const values = Object.fromEntries(
            Object.entries(fields).map(([name, field]) => [name, field.read(raw[name])]),
          ) as FieldValues<F>;
          const call = {
            fields: values,
            lang,
            t: (key: MessageKey, vars?: Record<string, string | number>) => t(lang, key, vars),
            user: request.authed?.user ?? null,
            sessionId: request.authed?.sessionId ?? null,
            request,
            reply,
          } as RouteCall<FieldValues<F>, M>;
          if (!spec.once) return spec.handler(call);
          const userId = request.authed?.user.id ?? 0;
          const key = submitKey(
            userId,
            spec.url.toLowerCase(),
            Object.fromEntries(
              Object.entries(fields).map(([name, field]) => [name, field.key(values[name as keyof F])]),
            ),
          );
          if (!services.guard.claim(key)) throw new Rejection(spec.once);
          try {
            return await spec.handler(call);
          } catch (error) {
            services.guard.release(key);
            throw error;
          }
        },
      });
    }
  };
}

/** The `route` function of an API module. */
export type DeclareRoute = ReturnType<typeof routeDeclarer>;
