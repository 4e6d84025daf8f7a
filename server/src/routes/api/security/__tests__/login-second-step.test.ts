import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_TICKET_TTL_MS } from '../../../../domain/security/login-tickets.ts';
import { TOTP_MAX_FAILURES } from '../../../../domain/security/totp.ts';
import {
  as,
  login,
  SoftAuthenticator,
  startTestApp,
  type CeremonyOptions,
  type LoginData,
  type TestApp,
} from '../../../../__tests__/harness/index.ts';
import { advance, codeNow, demoWithTotp, nextStep } from './totp-support.ts';

interface SecondStep {
  second_step: { ticket: string; methods: string[]; challenge: string };
}

const wrongCode = (right: string): string => String((Number(right) + 1) % 1_000_000).padStart(6, '0');
const TICKET_GONE = 'This login has expired or was already finished, please log in again';

describe('api/Login second step', () => {
  let t: TestApp;
  let secret: string;
  let recoveryCodes: string[];
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  const sessions = () => t.db.prepare('SELECT count(*) FROM sessions').pluck().get() as number;
  const passwordStep = async (): Promise<SecondStep['second_step']> => {
    const answer = await t.post<SecondStep>('Login/login', {
      username: 'demo',
      password: 'demo1234',
      ip: '203.0.113.9',
    });
    expect(answer.code, answer.msg).toBe(1);
    return answer.data.second_step;
  };
  const turnOn = async () => {
    ({ secret, recoveryCodes } = await demoWithTotp(t));
  };
  const signedIn = async (token: string) => (await t.post('User/getUserInfo', {}, as(token))).code === 1;

  it('logs a user without a second factor in as before: the token answer, nothing else', async () => {
    const answer = await t.post<LoginData>('Login/login', { username: 'demo', password: 'demo1234' });
    expect(answer).toMatchObject({ code: 1, msg: 'Login successful' });
    expect(Object.keys(answer.data)).toEqual(['userinfo']);
    expect(Object.keys(answer.data.userinfo).sort()).toEqual(['id', 'token', 'username']);
    expect(await signedIn(answer.data.userinfo.token)).toBe(true);
  });

  it('answers second_step instead of a token once authenticator codes are on, and no session is started', async () => {
    await turnOn();
    const before = sessions();
    const answer = await t.post<SecondStep>('Login/login', { username: 'demo', password: 'demo1234' });
    expect(answer).toMatchObject({ code: 1, msg: 'One more step: confirm it is you to finish logging in' });
    expect(Object.keys(answer.data)).toEqual(['second_step']);
    expect(answer.data.second_step.methods).toEqual(['totp', 'recovery']);
    expect(answer.data.second_step.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.data.second_step.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessions()).toBe(before);
    // Only the ticket's hash is kept.
    const hashes = t.db.prepare('SELECT ticket_hash FROM login_tickets').pluck().all();
    expect(hashes).not.toContain(answer.data.second_step.ticket);
    // A wrong password still answers the one message, and no ticket.
    expect(await t.post('Login/login', { username: 'demo', password: 'demo12345' })).toMatchObject({
      code: 0,
      msg: 'Wrong account or password',
    });
  });

  it('finishes with a right code: the token answer of /Login/login, a working session, the login IP of the password step', async () => {
    await turnOn();
    const { ticket } = await passwordStep();
    const answer = await t.post<LoginData>('Login/secondStep', { ticket, otp_code: codeNow(t, secret) });
    expect(answer).toMatchObject({ code: 1, msg: 'Login successful', data: { userinfo: { username: 'demo' } } });
    expect(Object.keys(answer.data)).toEqual(['userinfo']);
    expect(await signedIn(answer.data.userinfo.token)).toBe(true);
    expect(t.db.prepare("SELECT last_login_ip FROM users WHERE username = 'demo'").pluck().get()).toBe('203.0.113.9');
  });

  it('uses a ticket once', async () => {
    await turnOn();
    const { ticket } = await passwordStep();
    expect((await t.post('Login/secondStep', { ticket, otp_code: codeNow(t, secret) })).code).toBe(1);
    nextStep(t);
    expect(await t.post('Login/secondStep', { ticket, otp_code: codeNow(t, secret) })).toMatchObject({
      code: 0,
      msg: TICKET_GONE,
    });
    expect(await t.post('Login/secondStep', { ticket: 'x'.repeat(43), otp_code: codeNow(t, secret) })).toMatchObject({
      code: 0,
      msg: TICKET_GONE,
    });
  });

  it('lets a ticket expire five minutes after the password step', async () => {
    await turnOn();
    const late = await passwordStep();
    const inTime = await passwordStep();
    // The app's clock is the real time plus what a test adds: a minute's margin either side of the limit
    // (login-tickets.test.ts checks the limit to the millisecond).
    advance(t, LOGIN_TICKET_TTL_MS - 60_000);
    expect((await t.post('Login/secondStep', { ticket: inTime.ticket, otp_code: codeNow(t, secret) })).code).toBe(1);
    advance(t, 60_000);
    expect(
      await t.post('Login/secondStep', { ticket: late.ticket, otp_code: codeNow(t, secret) }, as(undefined, 'zh-cn')),
    ).toMatchObject({
      code: 0,
      msg: '此次登录已过期或已完成，请重新登录',
    });
  });

  it('counts wrong codes toward the factor lock; the ticket stays usable until then', async () => {
    await turnOn();
    const { ticket } = await passwordStep();
    const right = codeNow(t, secret);
    for (let left = TOTP_MAX_FAILURES - 1; left > 0; left--)
      expect(await t.post('Login/secondStep', { ticket, otp_code: wrongCode(right) })).toMatchObject({
        code: 0,
        msg: `The authenticator code is wrong (${left} attempts left)`,
      });
    expect(await t.post('Login/secondStep', { ticket, recovery_code: 'AAAAA-AAAAA' })).toMatchObject({
      code: 0,
      msg: 'Too many wrong codes, please try again in 30 min',
    });
    // Locked: even the right code is refused, and no session starts.
    expect(await t.post('Login/secondStep', { ticket, otp_code: right })).toMatchObject({
      code: 0,
      msg: 'Too many wrong codes, please try again in 30 min',
    });
  });

  it('finishes with a recovery code, each working once', async () => {
    await turnOn();
    const first = await passwordStep();
    const answer = await t.post<LoginData>('Login/secondStep', {
      ticket: first.ticket,
      recovery_code: recoveryCodes[0]!,
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(await signedIn(answer.data.userinfo.token)).toBe(true);
    const second = await passwordStep();
    expect(await t.post('Login/secondStep', { ticket: second.ticket, recovery_code: recoveryCodes[0]! })).toMatchObject(
      {
        code: 0,
        msg: `This recovery code is wrong or was already used (${TOTP_MAX_FAILURES - 1} attempts left)`,
      },
    );
  });

  it('asks for a code when none is sent, and refuses a passkey answer of a user without passkeys', async () => {
    await turnOn();
    const { ticket } = await passwordStep();
    expect(await t.post('Login/secondStep', { ticket })).toMatchObject({
      code: 0,
      msg: 'Please enter the 6-digit code from your authenticator app',
    });
    expect((await t.post('Login/secondStep', { ticket, passkey_response: '{}' })).code).toBe(0);
    expect((await t.post('Login/secondStep', { ticket, otp_code: codeNow(t, secret) })).code).toBe(1);
  });

  /** Adds a software passkey to the demo account as the passkeys screen does. */
  const addDemoPasskey = async (token: string): Promise<SoftAuthenticator> => {
    const key = new SoftAuthenticator();
    const options = await t.post<{ options: CeremonyOptions }>('Security/passkeyRegisterOptions', {}, as(token));
    const added = await t.post(
      'Security/passkeyRegister',
      { passkey_response: key.register(options.data.options) },
      as(token),
    );
    expect(added.code, added.msg).toBe(1);
    return key;
  };
  const passkeyOptions = async (ticket: string) => {
    const answer = await t.post<{ options: CeremonyOptions & { allowCredentials: { id: string }[] } }>(
      'Login/secondStepPasskeyOptions',
      { ticket },
    );
    expect(answer.code, answer.msg).toBe(1);
    return answer.data.options;
  };

  it("finishes with a passkey of the account that signs the ticket's own challenge, once", async () => {
    const key = await addDemoPasskey(await login(t, 'demo', 'demo1234'));
    const step = await passwordStep();
    expect(step.methods).toEqual(['passkey']);
    const options = await passkeyOptions(step.ticket);
    expect(options.challenge).toBe(step.challenge);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const answer = await t.post<LoginData>('Login/secondStep', {
      ticket: step.ticket,
      passkey_response: key.assert(options),
    });
    expect(answer.code, answer.msg).toBe(1);
    expect(await signedIn(answer.data.userinfo.token)).toBe(true);
    // The ticket and its challenge are spent: the same answer again signs nobody in.
    const again = await t.post('Login/secondStep', { ticket: step.ticket, passkey_response: key.assert(options) });
    expect(again).toMatchObject({ code: 0, msg: TICKET_GONE });
  });

  it("refuses a passkey that signs another challenge, or another account's passkey", async () => {
    const key = await addDemoPasskey(await login(t, 'demo', 'demo1234'));
    const step = await passwordStep();
    const options = await passkeyOptions(step.ticket);
    const otherChallenge = Buffer.from('another sign-in').toString('base64url');
    const forged = await t.post('Login/secondStep', {
      ticket: step.ticket,
      passkey_response: key.assert(options, { challenge: otherChallenge }),
    });
    expect(forged.code).toBe(0);
    const stranger = new SoftAuthenticator();
    const foreign = await t.post('Login/secondStep', {
      ticket: step.ticket,
      passkey_response: stranger.assert(options),
    });
    expect(foreign.code).toBe(0);
    expect(sessions()).toBe(1);
  });

  it('logs in as before again once authenticator codes are turned off', async () => {
    const { token, secret: key } = await demoWithTotp(t);
    const off = await t.post('Security/totpDisable', { password: 'demo1234', otp_code: codeNow(t, key) }, as(token));
    expect(off.code, off.msg).toBe(1);
    expect(await login(t, 'demo', 'demo1234')).toHaveLength(43);
  });
});
