import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, configVars, type TrustProxy } from './config-vars.ts';

/**
 * Every setting of the reference server. All come from environment variables, checked at start
 * (config-vars.ts); `npm start` needs none.
 */
export interface ServerConfig {
  /** HOST, PORT: where the server listens. */
  host: string;
  port: number;
  /** DATA_DIR: the SQLite database, the editable site config, the mail outbox and uploads live here. */
  dataDir: string;
  /** STATIC_DIR: the built client served at `/` (empty string disables serving it). */
  staticDir: string;
  /** TOKEN_TTL_HOURS: how long a session token lives. */
  tokenTtlHours: number;
  /** TEST_ROUTES=1 enables `/__test/*` routes (mail outbox, feed control). Never on by default. */
  testRoutes: boolean;
  /** SEED_DEMO=0 skips the demo user and demo content on a fresh database. */
  seedDemo: boolean;
  /** LOG_LEVEL: fastify's logger level, or `silent`. */
  logLevel: LogLevel;
  /** IP_LOOKUP_URL: the public-IP lookup the login and register screens call; default: this server's echo. */
  ipLookupUrl: string;
  /** AUTH_RATE_LIMIT: requests per minute per IP allowed on login, register and Ems/send each (0 turns the limit off). */
  authRateLimit: number;
  /** REVIEW_AUTO_SECONDS: with the demo seeded, pending reviews are approved by themselves after this long (0: never). */
  reviewAutoSeconds: number;
  /** UPLOAD_MAX_MB: the largest image upload accepted, in MiB (above 0; fractions allowed). */
  uploadMaxMb: number;
  /**
   * TRUST_PROXY: whether X-Forwarded-For names the client (Fastify's trustProxy). Off by default, so
   * a client cannot pick the address the rate limits and the socket limit count; behind a reverse
   * proxy, the number of proxies or their addresses.
   */
  trustProxy: TrustProxy;
  /**
   * SECURITY_HOLD_HOURS: after a security change (a password, a second factor, the withdrawal allow-list)
   * withdrawals and internal transfers wait this long; a new allow-list entry becomes usable after it.
   */
  securityHoldHours: number;
  webauthn: WebAuthnConfig;
  feed: FeedConfig;
}

/**
 * Passkeys (WebAuthn). A passkey is bound to its relying party id: a registered passkey only works on
 * that host and its subdomains, so a deployment sets these once and keeps them.
 */
export interface WebAuthnConfig {
  /** WEBAUTHN_RP_ID: the relying party id, a host name; empty: the host the request was sent to. */
  rpId: string;
  /** WEBAUTHN_ORIGIN: the origin the app is served from (`https://app.example.com`); empty: the request's own origin. */
  origin: string;
  /** WEBAUTHN_RP_NAME: the name authenticators show beside the passkey. */
  rpName: string;
}

export interface FeedConfig {
  /** FEED_SOURCE: `simulate` (default) or `replay`. */
  source: 'simulate' | 'replay';
  /** FEED_SEED: the simulator's seed; with the same FEED_START_MS, the same seed gives the same market. */
  seed: number;
  /**
   * FEED_START_MS: when the simulated market began (epoch ms); unset: when the server starts. A past
   * start is caught up at boot (at most 24 h back); a future one is refused.
   */
  startMs: number | undefined;
  /** FEED_REPLAY_FILE, FEED_REPLAY_SPEED, FEED_REPLAY_LOOP: the recorded session to replay. */
  replayFile: string;
  replaySpeed: number;
  replayLoop: boolean;
  /** FEED_PING_MS, FEED_MAX_MISSED_PINGS: heartbeat interval and how many unanswered pings close a socket. */
  pingMs: number;
  maxMissedPings: number;
  /** FEED_MAX_SOCKETS_PER_IP: market sockets one client address may hold at once (0: no limit). */
  maxSocketsPerIp: number;
}

/** Fastify's logger levels, and `silent` for none. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Default of FEED_MAX_SOCKETS_PER_IP. A user has one market socket per open tab; 100 leaves room for
 * a household or an office behind one address and for the test suites, which all connect from
 * loopback. The feed bench (200 sockets from loopback) sets its own.
 */
export const DEFAULT_MAX_SOCKETS_PER_IP = 100;

/** An optional whole number of epoch milliseconds (unset or empty: undefined). */
const epochMs = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0 || Number.isNaN(new Date(parsed).getTime()))
    throw new ConfigError(`${name} must be a time in epoch milliseconds (a whole number), got "${value}"`);
  return parsed;
};

/** STATIC_DIR: unset serves ./dist when it exists; empty serves no client; a named folder must exist. */
function staticDir(env: NodeJS.ProcessEnv): string {
  if (env.STATIC_DIR === '') return '';
  if (env.STATIC_DIR === undefined) return resolve('dist');
  const dir = resolve(env.STATIC_DIR);
  if (!existsSync(dir))
    throw new ConfigError(
      `STATIC_DIR must be a folder holding the built client (or empty to serve none), got "${env.STATIC_DIR}", which does not exist`,
    );
  return dir;
}

/** FEED_REPLAY_FILE: required, and must exist, when FEED_SOURCE=replay. */
function replayFile(env: NodeJS.ProcessEnv, source: FeedConfig['source']): string {
  const file = env.FEED_REPLAY_FILE ?? '';
  if (source !== 'replay') return file;
  if (!file) throw new ConfigError('FEED_REPLAY_FILE is required when FEED_SOURCE=replay');
  if (!existsSync(file) || !statSync(file).isFile())
    throw new ConfigError(`FEED_REPLAY_FILE must be a recorded session file, got "${file}", which does not exist`);
  return file;
}

/** Reads and checks every setting; a value outside its rule throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const vars = configVars(env);
  const source = vars.oneOf('FEED_SOURCE', ['simulate', 'replay'], 'simulate');
  return {
    host: vars.text('HOST', '127.0.0.1'),
    // 0 asks the system for a free port (the tests do).
    port: vars.int('PORT', 8080, { min: 0, max: 65535 }),
    dataDir: resolve(vars.text('DATA_DIR', 'data')),
    staticDir: staticDir(env),
    tokenTtlHours: vars.int('TOKEN_TTL_HOURS', 24 * 7, { min: 1, max: 24 * 366 }),
    testRoutes: vars.bool('TEST_ROUTES', false),
    seedDemo: vars.bool('SEED_DEMO', true),
    logLevel: vars.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    ipLookupUrl: vars.url('IP_LOOKUP_URL', '/api/index/ip'),
    authRateLimit: vars.int('AUTH_RATE_LIMIT', 20, { min: 0, max: 1_000_000 }),
    trustProxy: vars.trustProxy('TRUST_PROXY'),
    reviewAutoSeconds: vars.int('REVIEW_AUTO_SECONDS', 30, { min: 0, max: 30 * 86_400 }),
    uploadMaxMb: vars.number('UPLOAD_MAX_MB', 10, { above: 0, max: 1024 }),
    securityHoldHours: vars.int('SECURITY_HOLD_HOURS', 24, { min: 0, max: 24 * 30 }),
    webauthn: {
      rpId: vars.text('WEBAUTHN_RP_ID', ''),
      origin: vars.text('WEBAUTHN_ORIGIN', ''),
      rpName: vars.text('WEBAUTHN_RP_NAME', 'Exchange'),
    },
    feed: {
      source,
      // The simulator's PRNG takes 32 bits: every seed in this range is a different market.
      seed: vars.int('FEED_SEED', 42, { min: 0, max: 2 ** 32 - 1 }),
      startMs: epochMs(env.FEED_START_MS, 'FEED_START_MS'),
      replayFile: replayFile(env, source),
      replaySpeed: vars.number('FEED_REPLAY_SPEED', 1, { above: 0, max: 10_000 }),
      replayLoop: vars.bool('FEED_REPLAY_LOOP', true),
      pingMs: vars.int('FEED_PING_MS', 5000, { min: 100, max: 600_000 }),
      maxMissedPings: vars.int('FEED_MAX_MISSED_PINGS', 2, { min: 1, max: 100 }),
      maxSocketsPerIp: vars.int('FEED_MAX_SOCKETS_PER_IP', DEFAULT_MAX_SOCKETS_PER_IP, { min: 0, max: 1_000_000 }),
    },
  };
}
