import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../app.ts';
import type { ServerConfig } from '../../config.ts';
import type { Clock } from '../../feed/clock.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { apiClient, type ApiClient, type Fields } from './api.ts';
import { testConfig } from './config.ts';
import { copyTemplate, removeDataDir } from './database.ts';
import { startOnFakeClock, type FakeClockOption } from './fake-clock.ts';

/** The whole app (temp data dir, real SQLite file, test routes on) driven through app.inject(). */
export interface TestApp extends ApiClient {
  app: FastifyInstance;
  config: ServerConfig;
  dataDir: string;
  /** The app's own database connection (given to buildApp), for arranging and checking rows. */
  db: Db;
  close(): Promise<void>;
}

/**
 * Starts the whole app on a database of its own, copied from the run's template (harness/database.ts):
 * demo-seeded unless the env turns SEED_DEMO off. The per-IP limit is off unless a test sets
 * AUTH_RATE_LIMIT, so the many logins of one file never trip it; the rate-limit test turns it on on purpose.
 * `clock` replaces the movable system clock, for a test that must know the time to the millisecond.
 * `fakeClock` starts the app on the faked clock (startOnFakeClock; `'with timeouts'` fakes the
 * timeouts too), so the feed and the background jobs move only when the test moves the clock;
 * `close` gives the real timers back.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { clock, fakeClock = false }: { clock?: Clock; fakeClock?: FakeClockOption } = {},
): Promise<TestApp> {
  return startOnFakeClock(fakeClock, () => buildTestApp(env, clock));
}

async function buildTestApp(env: Record<string, string>, clock: Clock | undefined): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const config = testConfig(dataDir, { AUTH_RATE_LIMIT: '0', ...env });
  await copyTemplate(dataDir, config.seedDemo ? 'demo' : 'schema');
  // The app imports its routes while Fastify times its start; loading them here first keeps a
  // file's first app (every module still to load) within that limit on busy shared cores.
  await import('../../routes/index.ts');
  const db = openDatabase(dataDir);
  const app = await buildApp({ config, db, checkAnswers: true, clock });
  return {
    app,
    config,
    dataDir,
    db,
    ...apiClient(app),
    async close() {
      await app.close();
      db.close();
      removeDataDir(dataDir);
    },
  };
}

export interface UserInfo {
  username: string;
  id: number;
  vip: number;
  credit_score: number;
  rzstatus: number;
  have_pay: number;
  has_unread: number;
  invit: string;
  rz_reason: string;
}

export interface LoginData {
  userinfo: { token: string; id: number; username: string };
}

/** The newest code the outbox holds for `email`, read through the test route. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/__test/outbox?to=${encodeURIComponent(email)}` });
  const messages = response.json<{ code: string }[]>();
  expect(messages.length, `outbox for ${email}`).toBeGreaterThan(0);
  return messages[0]!.code;
}

/** Registers by email the way the client does (send code, read it, register); returns the token. */
export async function registerByEmail(
  t: TestApp,
  email: string,
  password = 'secret12',
  extra: Fields = {},
): Promise<string> {
  expect((await t.post('Ems/send', { email })).code).toBe(1);
  const code = await latestCode(t, email);
  const answer = await t.post<LoginData>('Login/register', {
    type: 2,
    email,
    password,
    repassword: password,
    code,
    captcha: '',
    ip: '203.0.113.7',
    ...extra,
  });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.userinfo.token;
}

let phones = 0;
/** Registers a fresh account by phone (no code needed) and returns its Token header. */
export async function registerByPhone(t: TestApp): Promise<{ Token: string }> {
  phones += 1;
  const phone = `1380000${String(phones).padStart(4, '0')}${Math.floor(Math.random() * 1000)}`;
  const answer = await t.post<LoginData>('Login/register', {
    type: 1,
    phone,
    password: 'secret12',
    repassword: 'secret12',
    ip: '',
  });
  expect(answer.code, answer.msg).toBe(1);
  return { Token: answer.data.userinfo.token };
}

/** Logs in through the API (a real password check); returns the session token. */
export async function login(t: TestApp, username: string, password: string): Promise<string> {
  const answer = await t.post<LoginData>('Login/login', { username, password, ip: '203.0.113.8' });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.userinfo.token;
}
