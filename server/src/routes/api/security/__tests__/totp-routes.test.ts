import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOTP_MAX_FAILURES, TOTP_PERIOD_S, totpOf } from '../../../../domain/security/totp.ts';
import { as, login, startTestApp, type TestApp } from '../../../../__tests__/harness/index.ts';
import { codeNow, demoWithTotp, turnOnTotp } from './totp-support.ts';

interface Status {
  state: 'off' | 'pending' | 'on';
  recovery_codes_left: number;
}

const wrongCode = (right: string): string => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

describe('api/Security authenticator codes', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await startTestApp();
    token = await login(t, 'demo', 'demo1234');
  });
  afterEach(async () => t.close());

  const status = async () => (await t.post<Status>('Security/totpStatus', {}, as(token))).data;

  it('sets up, enables with a code from the secret and reports on with 10 recovery codes', async () => {
    expect(await status()).toEqual({ state: 'off', recovery_codes_left: 0 });

    const setup = await t.post<{ secret: string; uri: string }>('Security/totpSetup', {}, as(token));
    expect(setup.code, setup.msg).toBe(1);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.data.uri);
    expect(decodeURIComponent(uri.pathname)).toBe('/TradeDesk:demo');
    expect(uri.searchParams.get('secret')).toBe(setup.data.secret);
    expect(uri.searchParams.get('issuer')).toBe('TradeDesk');
    expect(await status()).toEqual({ state: 'pending', recovery_codes_left: 0 });

    const wrong = await t.post(
      'Security/totpEnable',
      { otp_code: wrongCode(codeNow(t, setup.data.secret)) },
      as(token),
    );
    expect(wrong).toMatchObject({
      code: 0,
      msg: `The authenticator code is wrong (${TOTP_MAX_FAILURES - 1} attempts left)`,
    });
    expect((await status()).state).toBe('pending');

    const enabled = await t.post<{ recovery_codes: string[] }>(
      'Security/totpEnable',
      { otp_code: codeNow(t, setup.data.secret) },
      as(token),
    );
    expect(enabled).toMatchObject({ code: 1, msg: 'Authenticator codes are on' });
    expect(enabled.data.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.data.recovery_codes).size).toBe(10);
    expect(await status()).toEqual({ state: 'on', recovery_codes_left: 10 });

    // Once on, setting up again is refused: the secret in use is never replaced by a call.
    expect(await t.post('Security/totpSetup', {}, as(token))).toMatchObject({
      code: 0,
      msg: 'Authenticator codes are already turned on',
    });
  });

  it('records factor_added and factor_removed as security events', async () => {
    const recorded: unknown[] = [];
    const events = t.app.apiContext.securityEvents;
    const record = events.record.bind(events);
    events.record = (event) => {
      recorded.push(event);
      record(event);
    };
    const userId = t.db.prepare("SELECT id FROM users WHERE username = 'demo'").pluck().get() as number;
    const { secret } = await turnOnTotp(t, token);
    expect(recorded).toEqual([{ userId, kind: 'factor_added', detail: { factor: 'authenticator' } }]);
    const off = await t.post('Security/totpDisable', { password: 'demo1234', otp_code: codeNow(t, secret) }, as(token));
    expect(off, off.msg).toMatchObject({ code: 1, msg: 'Authenticator codes are off' });
    expect(recorded).toHaveLength(2);
    expect(recorded[1]).toEqual({ userId, kind: 'factor_removed', detail: { factor: 'authenticator' } });
  });

  it('refuses enabling before setup, and a blank code, in the caller language', async () => {
    expect(await t.post('Security/totpEnable', { otp_code: '123456' }, as(token))).toMatchObject({
      code: 0,
      msg: 'Please start setting up authenticator codes first',
    });
    const zh = await t.post('Security/totpEnable', {}, as(token, 'zh-cn'));
    expect(zh.code).toBe(0);
    expect(zh.msg).not.toBe('Please enter the 6-digit code from your authenticator app');
    expect(zh.msg).not.toBe('');
  });

  it('turns off only with the login password and a current code or a recovery code', async () => {
    const on = await demoWithTotp(t);
    token = on.token;
    const code = codeNow(t, on.secret);

    expect(await t.post('Security/totpDisable', { password: 'demo9999', otp_code: code }, as(token))).toMatchObject({
      code: 0,
      msg: 'The login password is wrong',
    });
    expect(await t.post('Security/totpDisable', { password: 'demo1234' }, as(token))).toMatchObject({
      code: 0,
      msg: 'Please enter the 6-digit code from your authenticator app',
    });
    expect(
      await t.post('Security/totpDisable', { password: 'demo1234', otp_code: wrongCode(code) }, as(token)),
    ).toMatchObject({
      code: 0,
      msg: `The authenticator code is wrong (${TOTP_MAX_FAILURES - 1} attempts left)`,
    });
    expect(
      await t.post('Security/totpDisable', { password: 'demo1234', recovery_code: 'AAAAA-AAAAA' }, as(token)),
    ).toMatchObject({
      code: 0,
      msg: `This recovery code is wrong or was already used (${TOTP_MAX_FAILURES - 2} attempts left)`,
    });
    expect((await status()).state).toBe('on');

    const off = await t.post(
      'Security/totpDisable',
      { password: 'demo1234', recovery_code: on.recoveryCodes[3]!.toLowerCase() },
      as(token),
    );
    expect(off).toMatchObject({ code: 1, msg: 'Authenticator codes are off' });
    expect(await status()).toEqual({ state: 'off', recovery_codes_left: 0 });
  });

  it('refuses the code that turned the factor on as reused, then turns off with the current code', async () => {
    const on = await demoWithTotp(t);
    token = on.token;
    // demoWithTotp moved one step on: the code of the step before is the one spent enabling.
    const spent = totpOf(on.secret).generate({ timestamp: t.app.clock.now() - TOTP_PERIOD_S * 1000 });
    expect(await t.post('Security/totpDisable', { password: 'demo1234', otp_code: spent }, as(token))).toMatchObject({
      code: 0,
      msg: 'This code was already used, please wait for the next one',
    });
    const off = await t.post(
      'Security/totpDisable',
      { password: 'demo1234', otp_code: codeNow(t, on.secret) },
      as(token),
    );
    expect(off.code, off.msg).toBe(1);
    expect((await status()).state).toBe('off');
  });

  it('needs Token for every call', async () => {
    for (const path of ['Security/totpStatus', 'Security/totpSetup', 'Security/totpEnable', 'Security/totpDisable'])
      expect((await t.post(path)).code, path).toBe(401);
  });
});
