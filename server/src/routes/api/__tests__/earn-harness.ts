import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { expect } from 'vitest';
import { loadConfig, type ServerConfig } from '../../../config.ts';
import { openDatabase, type Db } from '../../../db/database.ts';
import { LedgerRepository, type Balance } from '../../../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../../../db/repositories/market-repository.ts';
import { UserRepository } from '../../../db/repositories/user-repository.ts';
import { seedEarnDemo } from '../../../db/seed-earn.ts';
import { syncCatalogue } from '../../../domain/catalogue.ts';
import { createEarn } from '../../../domain/earn/earn-services.ts';
import { parseAmount } from '../../../domain/money.ts';
import { platformReviews } from '../../../domain/review-kinds.ts';
import { hashSecret } from '../../../domain/passwords.ts';
import { openSiteConfig, siteConfigFile, type SiteConfig } from '../../../domain/site-config.ts';
import { ManualClock } from '../../../feed/clock.ts';
import { installApiContract } from '../../../http/contract/install.ts';
import type { Envelope } from '../../../http/envelope.ts';
import type { JobReport } from '../../../jobs/job.ts';
import { JobRunner } from '../../../jobs/job-runner.ts';
import { DAY_MS } from '../../../jobs/periods.ts';
import { fileForm, fixture } from '../../../uploads/__tests__/upload-support.ts';
import { maxUploadBytes } from '../../../uploads/upload-store.ts';
import { uploadRoute } from '../profile/upload-route.ts';
import { createApiContext, type ApiContext } from '../context.ts';
import { earnRoutes } from '../earn/earn-routes.ts';
import { givenApiContext } from '../../../plugins/api-context.ts';
import { earnPlugin } from '../../../plugins/earn.ts';

/** Where the manual clock starts: a fixed instant (a Saturday, 12:26 UTC). */
export const START_MS = 1_750_000_000_000;

type Fields = Record<string, string | number>;

/**
 * The earn API (api/Loan, api/Machine, api/Balance staking and transfers) and the upload call on a
 * real SQLite file, declared and answer-checked as in the app, with the app's job runner on a
 * manual clock: nothing runs by itself; `runJobs` does one run, `advance` moves the clock and runs.
 * The catalogue and the demo's earn products are seeded; tests add their own products too.
 */
export interface EarnHarness {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  clock: ManualClock;
  ctx: ApiContext;
  runner: JobRunner;
  dataDir: string;
  /**
   * A job runner of a second process: its own connection to the same database file and its own earn
   * services and jobs, on the same clock (a restarted server, or a second server beside this one).
   */
  otherProcess(): JobRunner;
  /** A user with a session token and optional funds in account type 1 (`{ usdt: '1000' }`). */
  addUser(name: string, funds?: Record<string, string>): Promise<{ id: number; token: string }>;
  /** Gives a user more of a coin in account type 1 (a grant bill row, as the demo's funds are). */
  grant(userId: number, coin: string, amount: string): void;
  /** Sets the user's transaction password. */
  setPayPassword(userId: number, password: string): Promise<void>;
  post<T = unknown>(path: string, fields: Fields, token?: string, lang?: string): Promise<Envelope<T>>;
  /** Uploads the fixture JPEG as the token's user; returns the URL the upload call answered. */
  upload(token: string): Promise<string>;
  /** Writes a site-config switch, as an operator editing site-config.json would. */
  setSwitch(name: keyof SiteConfig, value: 0 | 1): void;
  runJobs(): Promise<JobReport[]>;
  /** Moves the clock by `ms` in steps of at most `stepMs`, running the jobs after each step. */
  advance(ms: number, stepMs?: number): Promise<void>;
  balance(userId: number, coin: string): Balance;
  coinId(coin: string): number;
  /** Every row of every table, to compare before and after a refused call. */
  everything(): string;
  close(): Promise<void>;
}

const form = (fields: Fields): string => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

export async function startEarnHarness(): Promise<EarnHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'earn-test-'));
  // Sessions outlive the months the clock is moved by.
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '0', TOKEN_TTL_HOURS: String(24 * 366) });
  const db = openDatabase(dataDir);
  const markets = new MarketRepository(db);
  syncCatalogue(markets);
  db.transaction(() => seedEarnDemo(db))();
  const clock = new ManualClock(START_MS);
  const now = () => clock.now();
  const siteConfig = openSiteConfig(dataDir, { error: () => {} });
  const ctx = createApiContext(db, config, siteConfig, now);
  const runner = new JobRunner({ db, now, log: { info: () => {}, error: (message) => console.error(message) } });

  const app = Fastify({ logger: false });
  app.decorate('config', config);
  app.decorate('db', db);
  // The runner this harness steps by hand, as the 'jobs' plugin the earn plugin depends on.
  await app.register(
    fastifyPlugin(
      async (instance) => {
        instance.decorate('jobs', runner);
      },
      { name: 'jobs' },
    ),
  );
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: maxUploadBytes(config.uploadMaxMb) + 1, files: 1, fields: 0, parts: 1, headerPairs: 20 } });
  await app.register(
    async (api) => {
      await installApiContract(api, { checkAnswers: true, version: 'test' });
      await api.register(givenApiContext(ctx));
      await api.register(earnPlugin);
      await api.register(uploadRoute);
      await api.register(earnRoutes);
    },
    { prefix: '/api' },
  );
  await app.ready();

  const ledger = new LedgerRepository(db);
  const users = new UserRepository(db);
  const others: Db[] = [];
  const coinId = (coin: string): number => {
    const row = markets.coinByName(coin);
    if (!row) throw new Error(`no coin ${coin}`);
    return row.id;
  };
  const inject = async <T>(path: string, payload: string | Buffer, headers: Record<string, string>): Promise<Envelope<T>> => {
    const response = await app.inject({ method: 'POST', url: `/api/${path}`, payload, headers });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response.json<Envelope<T>>();
  };

  return {
    app,
    db,
    config,
    clock,
    ctx,
    runner,
    dataDir,
    otherProcess() {
      const other = openDatabase(dataDir);
      others.push(other);
      const earn = createEarn({ db: other, users: new UserRepository(other), reviews: platformReviews(other, now), now });
      const process = new JobRunner({ db: other, now, log: { info: () => {}, error: (message) => console.error(message) } });
      for (const job of earn.jobs()) process.register(job);
      return process;
    },
    async addUser(name, funds = {}) {
      const id = users.create({
        username: `${name}@example.com`,
        email: `${name}@example.com`,
        phone: null,
        password: await hashSecret('secret12'),
        inviteCode: name.toUpperCase().slice(0, 8).padEnd(6, 'X'),
        invitedBy: null,
        lang: 'en',
        registerIp: '127.0.0.1',
        createdAt: clock.now(),
      });
      const changes = Object.entries(funds).map(([coin, amount]) => ({ userId: id, coinId: coinId(coin), accountType: 1, part: 'available' as const, amount: units(amount), kind: 'grant' as const }));
      ledger.apply(changes, null, clock.now());
      return { id, token: ctx.auth.issue(id) };
    },
    grant(userId, coin, amount) {
      ledger.apply([{ userId, coinId: coinId(coin), accountType: 1, part: 'available', amount: units(amount), kind: 'grant' }], null, clock.now());
    },
    async setPayPassword(userId, password) {
      users.setPayPassword(userId, await hashSecret(password));
    },
    post: (path, fields, token, lang = 'en') =>
      inject(path, form(fields), { 'content-type': 'application/x-www-form-urlencoded', lang, ...(token ? { token } : {}) }),
    async upload(token) {
      const { payload, headers } = fileForm(fixture('photo.jpg'));
      const answer = await inject<{ url: string }>('api/common/upload', payload, { ...headers, token });
      expect(answer.code, answer.msg).toBe(1);
      return answer.data.url;
    },
    setSwitch(name, value) {
      const file = siteConfigFile(dataDir);
      const current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...current, [name]: value, _edit: Math.random() }));
    },
    runJobs: () => runner.run(),
    async advance(ms, stepMs = DAY_MS) {
      for (let left = ms; left > 0; left -= stepMs) {
        clock.advance(Math.min(stepMs, left));
        await runner.run();
      }
    },
    balance: (userId, coin) => ledger.balance({ userId, coinId: coinId(coin), accountType: 1 }),
    coinId,
    everything() {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
      return JSON.stringify(
        tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}"`).safeIntegers(true).all()]),
        (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
      );
    },
    async close() {
      await app.close();
      for (const other of others) other.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Units of a decimal string, for expectations. */
export function units(text: string): bigint {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(`bad amount ${text}`);
  return parsed.units;
}

/** The ledger property, shared with the other money tests. */
export { expectBillsMatchBalances } from '../../../db/__tests__/ledger-property.ts';
