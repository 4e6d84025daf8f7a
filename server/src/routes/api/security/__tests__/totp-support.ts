import { expect } from 'vitest';
import { MovableClock } from '../../../../feed/clock.ts';
import { TOTP_PERIOD_S, totpOf } from '../../../../domain/security/totp.ts';
import { as, login, type TestApp } from '../../../../__tests__/harness/index.ts';

/** The code an authenticator app shows now, on the server's clock. */
export const codeNow = (t: TestApp, secret: string): string =>
  totpOf(secret).generate({ timestamp: t.app.clock.now() });

/** Moves the server's clock (TEST_ROUTES runs it on a MovableClock). */
export function advance(t: TestApp, ms: number): void {
  expect(t.app.clock).toBeInstanceOf(MovableClock);
  (t.app.clock as MovableClock).advance(ms);
}

/** Moves to the next 30 s step, so the next code is not the one just spent. */
export const nextStep = (t: TestApp): void => advance(t, TOTP_PERIOD_S * 1000);

/** Turns authenticator codes on for the signed-in `token`; returns the secret and the recovery codes. */
export async function turnOnTotp(t: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.post<{ secret: string; uri: string }>('Security/totpSetup', {}, as(token));
  expect(setup.code, setup.msg).toBe(1);
  const enabled = await t.post<{ recovery_codes: string[] }>(
    'Security/totpEnable',
    { otp_code: codeNow(t, setup.data.secret) },
    as(token),
  );
  expect(enabled.code, enabled.msg).toBe(1);
  nextStep(t);
  return { secret: setup.data.secret, recoveryCodes: enabled.data.recovery_codes };
}

/** The demo account signed in, with authenticator codes on. */
export async function demoWithTotp(t: TestApp): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const token = await login(t, 'demo', 'demo1234');
  return { token, ...(await turnOnTotp(t, token)) };
}
