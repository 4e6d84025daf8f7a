import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { expect } from 'vitest';
import { loadConfig, type ServerConfig } from '../../../../config.ts';
import { openDatabase, type Db } from '../../../../db/database.ts';
import { LedgerRepository, type Balance } from '../../../../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../../../../db/repositories/market-repository.ts';
import { UserRepository } from '../../../../db/repositories/user-repository.ts';
import { FeedMarketPort } from '../../../../domain/feed-market-port.ts';
import { parseAmount } from '../../../../domain/money.ts';
import { openSiteConfig } from '../../../../domain/site-config.ts';
import type { Trading } from '../../../../domain/trading.ts';
import { ManualClock } from '../../../../feed/clock.ts';
import { createMarketFeed, type MarketFeed } from '../../../../feed/market-feed.ts';
import { installApiContract } from '../../../../http/contract/install.ts';
import type { Envelope } from '../../../../http/envelope.ts';
import { createApiContext, type ApiContext } from '../../context.ts';
import { tradingRoutes } from '../trading-routes.ts';
import { givenApiContext } from '../../../../plugins/api-context.ts';
import { tradingPlugin } from '../../../../plugins/trading.ts';

/** Where the manual clock starts: a fixed instant, so a seed always gives the same market. */
export const START_MS = 1_750_000_000_000;

type Fields = Record<string, string | number>;

/**
 * The trading API (market lists, Trade, Contrade) on a real SQLite file and the REAL feed (the
 * seeded simulator or a replayed session) driven by a manual clock, so every price is known. The
 * background timer is off: `advance` moves the clock, and runs one trading pass (fills, settlement).
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

const form = (fields: Fields): string => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

export async function startTradingHarness(options: HarnessOptions = {}): Promise<TradingHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trading-test-'));
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
  const db = openDatabase(dataDir);
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
      await api.register(tradingPlugin, { market: new FeedMarketPort(feed), background: false, onTrading: (built) => (trading = built) });
      await api.register(tradingRoutes);
    },
    { prefix: '/api' },
  );
  await app.ready();
  if (!trading) throw new Error('trading was not built');
  const built = trading;
  const markets = new MarketRepository(db);
  const ledger = new LedgerRepository(db);
  const users = new UserRepository(db);
  const coinId = (coin: string): number => {
    const row = markets.coinByName(coin);
    if (!row) throw new Error(`no coin ${coin}`);
    return row.id;
  };

  return {
    app,
    db,
    config,
    clock,
    feed,
    trading: built,
    ctx,
    addUser(name, funds = {}) {
      const id = users.create({
        username: name,
        email: `${name}@example.com`,
        phone: null,
        password: { hash: 'x', salt: 'y' },
        inviteCode: name.toUpperCase().slice(0, 8).padEnd(6, 'X'),
        invitedBy: null,
        lang: 'en',
        registerIp: '127.0.0.1',
        createdAt: clock.now(),
      });
      const changes = Object.entries(funds).map(([coin, amount]) => {
        const parsed = parseAmount(amount);
        if (!parsed.ok) throw new Error(`bad amount ${amount}`);
        return { userId: id, coinId: coinId(coin), accountType: 1, part: 'available' as const, amount: parsed.units, kind: 'grant' as const };
      });
      ledger.apply(changes, null, clock.now());
      return { id, token: ctx.auth.issue(id) };
    },
    async post<T>(path: string, fields: Fields, token?: string): Promise<Envelope<T>> {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload: form(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
      });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      return response.json<Envelope<T>>();
    },
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The ledger property, shared with the other money tests. */
export { expectBillsMatchBalances } from '../../../../db/__tests__/ledger-property.ts';

/** Units of a decimal string, for expectations. */
export function units(text: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`bad amount ${text}`);
  return parsed.units;
}
