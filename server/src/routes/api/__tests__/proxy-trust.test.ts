import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../db/seed.ts';
import { startTestApp, type TestApp } from '../../../__tests__/harness/index.ts';

/** The address the requests really come from (app.inject's socket): a reverse proxy on the private network. */
const SOCKET_ADDRESS = '10.0.0.9';
const WRONG = 'Wrong account or password';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(env: Record<string, string>): Promise<TestApp> {
  t = await startTestApp({ AUTH_RATE_LIMIT: '5', ...env });
  return t;
}

/** A wrong-password login carrying `forwardedFor` as X-Forwarded-For; returns the envelope's msg. */
async function wrongLogin(app: TestApp, forwardedFor: string): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/Login/login',
    remoteAddress: SOCKET_ADDRESS,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: DEMO_ACCOUNT.username, password: 'not-the-password' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ msg: string }>().msg;
}

const echoedIp = async (app: TestApp, forwardedFor: string): Promise<string> =>
  (
    await app.app.inject({
      method: 'GET',
      url: '/api/index/ip',
      remoteAddress: SOCKET_ADDRESS,
      headers: { 'x-forwarded-for': forwardedFor },
    })
  ).json<{ ip: string }>().ip;

/** Logs the demo in with an empty `ip` field and returns the last login IP the database stored. */
async function storedLoginIp(app: TestApp, forwardedFor: string): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/Login/login',
    remoteAddress: SOCKET_ADDRESS,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password, ip: '' },
  });
  expect(response.json<{ code: number }>().code).toBe(1);
  const row = app.db.prepare('SELECT last_login_ip FROM users WHERE username = ?').get(DEMO_ACCOUNT.username) as {
    last_login_ip: string;
  };
  return row.last_login_ip;
}

describe('proxy trust (TRUST_PROXY)', () => {
  it('by default ignores X-Forwarded-For: 15 logins with 15 forged addresses are cut off after 5', async () => {
    const app = await start({});
    const answers: string[] = [];
    for (let i = 1; i <= 15; i++) answers.push(await wrongLogin(app, `203.0.113.${i}`));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(WRONG));
    for (const answer of answers.slice(5)) expect(answer).toMatch(/^Too many requests, please try again in \d+ s$/);
  });

  it('by default echoes and stores the socket address, not the forged one', async () => {
    const app = await start({});
    expect(await echoedIp(app, '203.0.113.77')).toBe(SOCKET_ADDRESS);
    expect(await storedLoginIp(app, '203.0.113.77')).toBe(SOCKET_ADDRESS);
  });

  it('with TRUST_PROXY=1 counts, echoes and stores the client address the proxy reports', async () => {
    const app = await start({ TRUST_PROXY: '1' });
    // Each client behind the proxy has its own allowance ...
    for (let i = 1; i <= 15; i++) expect(await wrongLogin(app, `203.0.113.${i}`)).toBe(WRONG);
    // ... and one client is still cut off after 5.
    const same: string[] = [];
    for (let i = 0; i < 6; i++) same.push(await wrongLogin(app, '192.0.2.50'));
    expect(same.slice(0, 5)).toEqual(Array(5).fill(WRONG));
    expect(same[5]).toMatch(/^Too many requests/);
    expect(await echoedIp(app, '203.0.113.77')).toBe('203.0.113.77');
    expect(await storedLoginIp(app, '203.0.113.78')).toBe('203.0.113.78');
  });

  it('with TRUST_PROXY=1 believes only the hop the proxy added, not what the client forged before it', async () => {
    const app = await start({ TRUST_PROXY: '1' });
    const answers: string[] = [];
    // A client forges a new first entry each time; the proxy appends the address it really saw.
    for (let i = 1; i <= 15; i++) answers.push(await wrongLogin(app, `10.9.9.${i}, 192.0.2.60`));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(WRONG));
    for (const answer of answers.slice(5)) expect(answer).toMatch(/^Too many requests/);
  });

  it('with TRUST_PROXY=1 never takes a client on a public address for a proxy', async () => {
    const app = await start({ TRUST_PROXY: '1' });
    const direct = async (forwardedFor: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/Login/login',
        remoteAddress: '192.0.2.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username: DEMO_ACCOUNT.username, password: 'nope12' },
      });
    const answers: string[] = [];
    for (let i = 1; i <= 15; i++) answers.push((await direct(`203.0.113.${i}`)).json<{ msg: string }>().msg);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(WRONG));
    for (const answer of answers.slice(5)) expect(answer).toMatch(/^Too many requests/);
  });

  it('with a list of proxy addresses trusts the header only from those proxies', async () => {
    const app = await start({ TRUST_PROXY: '10.0.0.0/24' });
    expect(await echoedIp(app, '203.0.113.90')).toBe('203.0.113.90');
    const other = await app.app.inject({
      method: 'GET',
      url: '/api/index/ip',
      remoteAddress: '10.0.1.1',
      headers: { 'x-forwarded-for': '203.0.113.90' },
    });
    expect(other.json<{ ip: string }>().ip).toBe('10.0.1.1');
  });
});
