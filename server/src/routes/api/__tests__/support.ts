import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../../app.ts';
import { loadConfig, type ServerConfig } from '../../../config.ts';
import { openDatabase, type Db } from '../../../db/database.ts';
import type { Envelope } from '../../../http/envelope.ts';

type Fields = Record<string, string | number>;
type Headers = Record<string, string>;

/** A real app (temp data dir, real SQLite file, test routes on) driven through app.inject(). */
export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  dataDir: string;
  /** The app's own database connection (given to buildApp), for arranging and checking rows. */
  db: Db;
  /** POST form-encoded to /api/<path>; asserts HTTP 200 and returns the envelope. */
  post<T = unknown>(path: string, fields?: Fields, headers?: Headers): Promise<Envelope<T>>;
  /** GET /api/<path>?<fields>; asserts HTTP 200 and returns the envelope. */
  get<T = unknown>(path: string, fields?: Fields, headers?: Headers): Promise<Envelope<T>>;
  close(): Promise<void>;
}

const form = (fields: Fields): string => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

/**
 * Starts the app. The per-IP limit is off unless a test sets AUTH_RATE_LIMIT, so the many logins
 * of one file never trip it; the rate-limit test turns it on on purpose.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent', TEST_ROUTES: '1', AUTH_RATE_LIMIT: '0', ...env });
  const db = openDatabase(dataDir);
  const app = await buildApp({ config, db, checkAnswers: true });
  const call = async <T>(method: 'GET' | 'POST', path: string, fields: Fields, headers: Headers): Promise<Envelope<T>> => {
    const response =
      method === 'POST'
        ? await app.inject({ method, url: `/api/${path}`, payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } })
        : await app.inject({ method, url: `/api/${path}${Object.keys(fields).length ? `?${form(fields)}` : ''}`, headers });
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
    return response.json<Envelope<T>>();
  };
  return {
    app,
    config,
    dataDir,
    db,
    post: (path, fields = {}, headers = {}) => call('POST', path, fields, headers),
    get: (path, fields = {}, headers = {}) => call('GET', path, fields, headers),
    async close() {
      await app.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
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
export async function registerByEmail(t: TestApp, email: string, password = 'secret12', extra: Fields = {}): Promise<string> {
  expect((await t.post('Ems/send', { email })).code).toBe(1);
  const code = await latestCode(t, email);
  const answer = await t.post<LoginData>('Login/register', { type: 2, email, password, repassword: password, code, captcha: '', ip: '203.0.113.7', ...extra });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.userinfo.token;
}

export async function login(t: TestApp, username: string, password: string): Promise<string> {
  const answer = await t.post<LoginData>('Login/login', { username, password, ip: '203.0.113.8' });
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.userinfo.token;
}
