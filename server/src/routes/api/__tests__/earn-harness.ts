import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { loadConfig, type ServerConfig } from '../../../config.ts';
import { openDatabase, type Db } from '../../../db/database.ts';
import { LedgerRepository, type Balance } from '../../../db/repositories/ledger-repository.ts';
import { MarketRepository } from '../../../db/repositories/market-repository.ts';
import { UserRepository } from '../../../db/repositories/user-repository.ts';
import { seedEarnDemo } from '../../../db/seed-earn.ts';
import { syncCatalogue } from '../../../domain/catalogue.ts';
import { createEarn } from '../../../domain/earn/earn-services.ts';
import { platformReviews } from '../../../domain/review-kinds.ts';
import { hashSecret } from '../../../domain/passwords.ts';
import { openSiteConfig, type SiteConfig } from '../../../domain/site-config.ts';
import { ManualClock } from '../../../feed/clock.ts';
import { startSession } from '../../../domain/security/sessions.ts';
import { installApiContract } from '../../../http/contract/install.ts';
import type { Envelope } from '../../../http/envelope.ts';
import type { JobReport } from '../../../jobs/job.ts';
import { JobRunner } from '../../../jobs/job-runner.ts';
import { DAY_MS } from '../../../jobs/periods.ts';
import { maxUploadBytes } from '../../../uploads/upload-store.ts';
import {
  apiClient,
  as,
  coinIdOf,
  createUser,
  editSiteConfig,
  everything,
  freshDatabase,
  grant,
  removeDataDir,
  uploadPhoto,
  type Fields,
} from '../../../__tests__/harness/index.ts';
import { uploadRoute } from '../profile/upload-route.ts';
import { createApiContext, type ApiContext } from '../context.ts';
import { earnRoutes } from '../earn/earn-routes.ts';
import { givenApiContext } from '../../../plugins/api-context.ts';
import { earnPlugin } from '../../../plugins/earn.ts';

/** Where the manual clock starts: a fixed instant (a Saturday, 12:26 UTC). */
export const START_MS = 1_750_000_000_000;

/**
 * The earn API (api/Loan, api/Machine, api/Balance staking and transfers) and the upload call on a
 * real SQLite file, declared and answer-checked as in the app, with the app's job runner on a
 * manual clock: nothing runs by itself; `runJobs` does one run, `advance` moves the clock and runs.
 * The catalogue and the demo's earn products are seeded; tests add their own products too.
 * Built on the server harness (server/src/__tests__/harness): a fresh migrated database, its calls and users.
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

export async function startEarnHarness(): Promise<EarnHarness> {
  const { dataDir, db } = await freshDatabase('schema', 'earn-test-');
  // Sessions outlive the months the clock is moved by.
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '0',
    TOKEN_TTL_HOURS: String(24 * 366),
  });
  syncCatalogue(new MarketRepository(db));
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
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes(config.uploadMaxMb) + 1, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });
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
  const client = apiClient(app);
  const others: Db[] = [];
  const coinId = (coin: string): number => coinIdOf(db, coin);

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
      const earn = createEarn({
        db: other,
        users: new UserRepository(other),
        reviews: platformReviews(other, now),
        now,
      });
      const process = new JobRunner({
        db: other,
        now,
        log: { info: () => {}, error: (message) => console.error(message) },
      });
      for (const job of earn.jobs()) process.register(job);
      return process;
    },
    async addUser(name, funds = {}) {
      const id = createUser(db, {
        name,
        username: `${name}@example.com`,
        password: await hashSecret('secret12'),
        at: clock.now(),
        funds,
      });
      return { id, token: startSession(ctx, { userId: id, ip: '', userAgent: '' }) };
    },
    grant(userId, coin, amount) {
      grant(db, userId, { [coin]: amount }, clock.now());
    },
    async setPayPassword(userId, password) {
      users.setPayPassword(userId, await hashSecret(password));
    },
    post: (path, fields, token, lang = 'en') => client.post(path, fields, as(token, lang)),
    upload: async (token) => (await uploadPhoto(client, token)).url,
    setSwitch(name, value) {
      editSiteConfig(dataDir, { [name]: value });
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
    everything: () => everything(db),
    async close() {
      await app.close();
      for (const other of others) other.close();
      db.close();
      removeDataDir(dataDir);
    },
  };
}
