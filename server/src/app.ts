import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join, relative } from 'node:path';
import type { ServerConfig } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { MovableClock, systemClock, type Clock } from './feed/clock.ts';
import { onSocketError } from './feed/socket-errors.ts';
import { trustProxyOption } from './http/client-address.ts';
import { ApiError, CODE } from './http/envelope.ts';
import { jobsPlugin } from './jobs/jobs-plugin.ts';
import { apiContextPlugin } from './plugins/api-context.ts';
import { earnPlugin } from './plugins/earn.ts';
import { reviewAutoApprovalPlugin } from './plugins/review-auto-approval.ts';
import { siteSetupPlugin } from './plugins/site-setup.ts';
import { tradingPlugin } from './plugins/trading.ts';
import { walletPlugin } from './plugins/wallet.ts';
import { uploadFiles } from './routes/uploads/upload-files.ts';
import { maxUploadBytes } from './uploads/upload-store.ts';
import { securityHeaders } from './http/security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: Db;
    /** The one clock every decision reads: the feed, the jobs, the API. Movable only with TEST_ROUTES. */
    clock: Clock;
  }
}

export interface AppOptions {
  config: ServerConfig;
  /** An already-open database (tests); otherwise one is opened in config.dataDir. */
  db?: Db;
  /** Check every /api answer against its declared schema (the test suites turn it on). */
  checkAnswers?: boolean;
  /** The server's clock (tests); otherwise the system time, movable by the test routes when they are on. */
  clock?: Clock;
}

/** The whole reference server as one Fastify plugin (docs/architecture.md#the-server). `server.ts` only listens. */
const appPlugin: FastifyPluginAsync<AppOptions> = async (
  fastify,
  { config, db: givenDb, checkAnswers = false, clock },
) => {
  const db = givenDb ?? openDatabase(config.dataDir);
  fastify.decorate('config', config);
  fastify.decorate('db', db);
  fastify.decorate('clock', clock ?? (config.testRoutes ? new MovableClock() : systemClock));
  if (!givenDb) fastify.addHook('onClose', async () => db.close());

  // Security headers and the Content-Security-Policy of every answer (http/security.ts).
  await fastify.register(securityHeaders, { config });

  await fastify.register(formbody);
  // ── Uploads (docs/product-rules.md#uploads) ──────────────────────────────────────────────────────────────────
  // The one multipart route takes one part, the file: a second file or any field stops the parser.
  // fileSize is one byte over UPLOAD_MAX_MB so the upload store sees the excess and refuses it itself.
  await fastify.register(multipart, {
    limits: { fileSize: maxUploadBytes(config.uploadMaxMb) + 1, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });
  // The stored images, served back to their owner (routes/uploads/upload-files.ts).
  await fastify.register(uploadFiles);
  // ──────────────────────────────────────────────────────────────────────────────────────────────
  // A client's frame over maxPayload closes its socket (1009) with one info line (feed/socket-errors.ts).
  await fastify.register(websocket, { options: { maxPayload: 64 * 1024 }, errorHandler: onSocketError });

  // Routes outside /api (market REST, test routes); /api has its own (http/contract/api-errors.ts).
  fastify.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return reply.code(200).send({ code: error.code, msg: error.message, data: null });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    const message = status >= 500 ? 'Internal server error' : (error as Error).message;
    return reply.code(status).send({ code: CODE.fail, msg: message, data: null });
  });

  // Before the application plugins, which register their jobs on fastify.jobs; the runner starts when the app is ready.
  await fastify.register(jobsPlugin, { now: () => fastify.clock.now() });
  // The application plugins (server/src/plugins): each decorates the instance with the services it
  // owns and names the plugins it needs; the route modules only use those decorations.
  await fastify.register(siteSetupPlugin);
  await fastify.register(apiContextPlugin);
  await fastify.register(tradingPlugin);
  await fastify.register(walletPlugin);
  await fastify.register(earnPlugin);
  await fastify.register(reviewAutoApprovalPlugin);
  const { registerRoutes } = await import('./routes/index.ts');
  await registerRoutes(fastify, { checkAnswers });

  if (config.staticDir && existsSync(join(config.staticDir, 'index.html'))) {
    // preCompressed: the build writes .br and .gz beside each asset (vite.config.ts). Files under
    // assets/ carry a content hash in their name, so a phone may keep them for good; the shell and
    // everything else is revalidated on each visit so a new build reaches users at once.
    await fastify.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header(
          'Cache-Control',
          /^assets[\\/]/.test(relative(config.staticDir, path)) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // History-mode routes (docs/product-rules.md#routes-and-access): any unknown GET that is not an API path gets the app shell.
    fastify.setNotFoundHandler((request, reply) => {
      const apiLike = API_PATH.test(request.url);
      if (request.method === 'GET' && !apiLike) return reply.type('text/html').sendFile('index.html');
      return reply.code(404).send({ code: CODE.fail, msg: 'Not found', data: null });
    });
  }
};

/**
 * Paths the app shell must never answer: the API, market REST (`/market/…`, while `/market` itself is
 * the Market screen), the feed sockets, test routes and uploads.
 */
const API_PATH = /^\/(?:(?:api|v1|__test|uploads|ws|feed)(?:[/?]|$)|market\/)/i;

/** Not encapsulated, so what it decorates (db, config, marketPrice …) is visible on the instance that registers it. */
export const app = fastifyPlugin(appPlugin, { name: 'reference-server', fastify: '5.x' });

/**
 * A request Node's HTTP parser refuses before any route sees it (header or URL over the size
 * limit, a malformed request line) still gets an answer in the envelope, with its HTTP status.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    code: CODE.fail,
    msg: tooLarge ? 'The request is too large' : 'Invalid request',
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Builds a ready Fastify instance around the plugin. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const fastify = Fastify({
    logger: options.config.logLevel === 'silent' ? false : { level: options.config.logLevel },
    trustProxy: trustProxyOption(options.config.trustProxy),
    clientErrorHandler: answerClientError,
    // docs/product-rules.md#calls-and-answers spells some paths api/index/… and others api/Index/…: both must reach one route.
    routerOptions: { caseSensitive: false },
  });
  await fastify.register(app, options);
  await fastify.ready();
  return fastify;
}
