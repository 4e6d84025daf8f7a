import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { loadConfig, type ServerConfig } from '../../../../config.ts';
import type { Db } from '../../../../db/database.ts';
import { LedgerRepository, type Balance } from '../../../../db/repositories/ledger-repository.ts';
import { FeedMarketPort } from '../../../../domain/feed-market-port.ts';
import { openSiteConfig } from '../../../../domain/site-config.ts';
import type { Trading } from '../../../../domain/trading.ts';
import { ManualClock } from '../../../../feed/clock.ts';
import { createMarketFeed, type MarketFeed } from '../../../../feed/market-feed.ts';
import { startSession } from '../../../../domain/security/sessions.ts';
import { installApiContract } from '../../../../http/contract/install.ts';
import type { Envelope } from '../../../../http/envelope.ts';
import {
  apiClient,
  as,
  coinIdOf,
  createUser,
  freshDatabase,
  removeDataDir,
  type Fields,
} from '../../../../__tests__/harness/index.ts';
import { createApiContext, type ApiContext } from '../../context.ts';
import { tradingRoutes } from '../trading-routes.ts';
import { givenApiContext } from '../../../../plugins/api-context.ts';
import { tradingPlugin } from '../../../../plugins/trading.ts';
import { afterAll, beforeAll } from 'vitest';
import { writeSession, type SessionBook, type SessionTrade } from './replay-session.ts';

/** Where the manual clock starts: a fixed instant, so a seed always gives the same market. */
export const START_MS = 1_750_000_000_000;

/**
 * The trading API (market lists, Trade, Contrade) on a real SQLite file and the REAL feed (the
 * seeded simulator or a replayed session) driven by a manual clock, so every price is known. The
 * background timer is off: `advance` moves the clock, and runs one trading pass (fills, settlement).
 * Built on the server harness (server/src/__tests__/harness): a fresh migrated database, its calls and users.
 */
export interface TradingHarness {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  clock: ManualClock;
  feed: MarketFeed;
  trading: Trading;
  ctx: ApiContext;
  /** A user with a session token. */
  addUser(name: string, funds?: Record<string, string>): { id: number; token: string };
  post<T = unknown>(path: string, fields: Fields, token?: string): Promise<Envelope<T>>;
  /** Moves the clock by `ms` in steps of at most `stepMs`, running a trading pass after each step. */
  advance(ms: number, stepMs?: number): void;
  balance(userId: number, coin: string): Balance;
  coinId(coin: string): number;
  close(): Promise<void>;
}

export interface HarnessOptions {
  source?: 'simulate' | 'replay';
  seed?: number;
  replayFile?: string;
}

export async function startTradingHarness(options: HarnessOptions = {}): Promise<TradingHarness> {
  const { dataDir, db } = await freshDatabase('schema', 'trading-test-');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    LOG_LEVEL: 'silent',
    FEED_SOURCE: options.source ?? 'simulate',
    FEED_SEED: String(options.seed ?? 7),
    FEED_REPLAY_FILE: options.replayFile ?? '',
    FEED_REPLAY_LOOP: '0',
    FEED_REPLAY_SPEED: '1',
  });
  const clock = new ManualClock(START_MS);
  const feed = createMarketFeed(config.feed, { clock });
  const siteConfig = openSiteConfig(dataDir, { error: () => {} });
  const ctx = createApiContext(db, config, siteConfig, () => clock.now());
  const app = Fastify({ logger: false });
  app.decorate('config', config);
  app.decorate('db', db);
  await app.register(formbody);
  let trading: Trading | undefined;
  // The same /api scope as the app's: declared routes, answers checked against their declarations.
  await app.register(
    async (api) => {
      await installApiContract(api, { checkAnswers: true, version: 'test' });
      await api.register(givenApiContext(ctx));
      await api.register(tradingPlugin, {
        market: new FeedMarketPort(feed),
        background: false,
        onTrading: (built) => (trading = built),
      });
      await api.register(tradingRoutes);
    },
    { prefix: '/api' },
  );
  await app.ready();
  if (!trading) throw new Error('trading was not built');
  const built = trading;
  const ledger = new LedgerRepository(db);
  const client = apiClient(app);
  const coinId = (coin: string): number => coinIdOf(db, coin);

  return {
    app,
    db,
    config,
    clock,
    feed,
    trading: built,
    ctx,
    addUser(name, funds = {}) {
      const id = createUser(db, { name, password: { hash: 'x', salt: 'y' }, at: clock.now(), funds });
      return { id, token: startSession(ctx, { userId: id, ip: '', userAgent: '' }) };
    },
    post: (path, fields, token) => client.post(path, fields, as(token)),
    advance(ms, stepMs = 100) {
      for (let left = ms; left > 0; left -= stepMs) {
        clock.advance(Math.min(stepMs, left));
        built.tick();
      }
    },
    balance: (userId, coin) => ledger.balance({ userId, coinId: coinId(coin), accountType: 1 }),
    coinId,
    async close() {
      await app.close();
      feed.close();
      db.close();
      removeDataDir(dataDir);
    },
  };
}

/** One replayed btcusdt session's harness, its funded user (1000 USDT, 3 BTC) and the pair's market id. */
export interface ReplayedSpot {
  h: TradingHarness;
  user: { id: number; token: string };
  market: number;
}

/**
 * A test file's replayed btcusdt session: written once for the file (and removed after it), and
 * `start()` gives each test a fresh harness on it, one second in, with one funded user `username`.
 */
export function replayedSpotSession(
  username: string,
  trades: readonly SessionTrade[],
  books: readonly SessionBook[],
): { start(): Promise<ReplayedSpot> } {
  let dir = '';
  let file = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `spot-${username}-`));
    file = join(dir, 'session.jsonl');
    writeSession(file, 'btcusdt', trades, books);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    async start() {
      const h = await startTradingHarness({ source: 'replay', replayFile: file });
      const user = h.addUser(username, { usdt: '1000', btc: '3' });
      const market = h.trading.markets.marketBySymbol('btcusdt')!.id;
      h.advance(1000);
      return { h, user, market };
    },
  };
}
