import { resolve } from 'node:path';

/** Every setting of the reference server. All come from environment variables; `npm start` needs none. */
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
  logLevel: string;
  /** IP_LOOKUP_URL: the public-IP lookup the login and register screens call; default: this server's echo. */
  ipLookupUrl: string;
  /** AUTH_RATE_LIMIT: requests per minute per IP allowed on login, register and Ems/send each (0 turns the limit off). */
  authRateLimit: number;
  /** REVIEW_AUTO_SECONDS: with the demo seeded, pending reviews are approved by themselves after this long (0: never). */
  reviewAutoSeconds: number;
  /** UPLOAD_MAX_MB: the largest image upload accepted, in MiB (above 0; fractions allowed). */
  uploadMaxMb: number;
  feed: FeedConfig;
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
}

const bool = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : value === '1' || value.toLowerCase() === 'true';

const num = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number, got "${value}"`);
  return parsed;
};

const positive = (value: number, name: string): number => {
  if (value <= 0) throw new Error(`${name} must be above 0, got ${value}`);
  return value;
};

/** An optional whole number of epoch milliseconds (unset or empty: undefined). */
const epochMs = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0 || Number.isNaN(new Date(parsed).getTime())) throw new Error(`${name} must be a time in epoch milliseconds (a whole number), got "${value}"`);
  return parsed;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const source = env.FEED_SOURCE ?? 'simulate';
  if (source !== 'simulate' && source !== 'replay') throw new Error(`FEED_SOURCE must be simulate or replay, got "${source}"`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port: num(env.PORT, 8080, 'PORT'),
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    staticDir: env.STATIC_DIR === '' ? '' : resolve(env.STATIC_DIR ?? 'dist'),
    tokenTtlHours: num(env.TOKEN_TTL_HOURS, 24 * 7, 'TOKEN_TTL_HOURS'),
    testRoutes: bool(env.TEST_ROUTES, false),
    seedDemo: bool(env.SEED_DEMO, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    ipLookupUrl: env.IP_LOOKUP_URL ?? '/api/index/ip',
    authRateLimit: num(env.AUTH_RATE_LIMIT, 20, 'AUTH_RATE_LIMIT'),
    reviewAutoSeconds: num(env.REVIEW_AUTO_SECONDS, 30, 'REVIEW_AUTO_SECONDS'),
    uploadMaxMb: positive(num(env.UPLOAD_MAX_MB, 10, 'UPLOAD_MAX_MB'), 'UPLOAD_MAX_MB'),
    feed: {
      source,
      seed: num(env.FEED_SEED, 42, 'FEED_SEED'),
      startMs: epochMs(env.FEED_START_MS, 'FEED_START_MS'),
      replayFile: env.FEED_REPLAY_FILE ?? '',
      replaySpeed: num(env.FEED_REPLAY_SPEED, 1, 'FEED_REPLAY_SPEED'),
      replayLoop: bool(env.FEED_REPLAY_LOOP, true),
      pingMs: num(env.FEED_PING_MS, 5000, 'FEED_PING_MS'),
      maxMissedPings: num(env.FEED_MAX_MISSED_PINGS, 2, 'FEED_MAX_MISSED_PINGS'),
    },
  };
}
