import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock, MovableClock } from '../../../../feed/clock.ts';
import {
  CHALLENGE_TTL_MS,
  passkeyAssertionOptions,
  verifyPasskeyAssertion,
} from '../../../../domain/security/passkeys.ts';
import {
  as,
  login,
  registerByPhone,
  SoftAuthenticator,
  startTestApp,
  type CeremonyOptions,
  type LoginData,
  type TestApp,
  type UserInfo,
} from '../../../../__tests__/harness/index.ts';

interface PasskeyView {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('api/Security passkeys', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  // The server's clock stands still unless a test moves it, so an expiry is reached to the millisecond.
  let clock: MovableClock;

  beforeEach(async () => {
    clock = new MovableClock(new ManualClock(Date.UTC(2026, 11, 5, 9)));
    t = await startTestApp({}, { clock });
    token = await login(t, 'demo', 'demo1234');
    userId = t.db.prepare("SELECT id FROM users WHERE username = 'demo'").pluck().get() as number;
  });
  afterEach(async () => t.close());

  const registerOptions = async (as_: string = token) => {
    const answer = await t.post<{ options: CeremonyOptions & Record<string, unknown> }>(
      'Security/passkeyRegisterOptions',
      {},
      as(as_),
    );
    expect(answer.code, answer.msg).toBe(1);
    return answer.data.options;
  };

  /** Adds `key` to the demo account through the two calls, as the passkeys screen does. */
  const addPasskey = async (key: SoftAuthenticator, name?: string) => {
    const options = await registerOptions();
    return t.post<{ passkey: PasskeyView }>(
      'Security/passkeyRegister',
      { passkey_response: key.register(options), ...(name === undefined ? {} : { name }) },
      { ...as(token), 'user-agent': CHROME_ANDROID },
    );
  };

  const signInOptions = async () => {
    const answer = await t.post<{ options: CeremonyOptions & { allowCredentials: unknown[] } }>(
      'Security/passkeySignInOptions',
    );
    expect(answer.code, answer.msg).toBe(1);
    return answer.data.options;
  };

  const list = async () => (await t.post<{ list: PasskeyView[] }>('Security/passkeyList', {}, as(token))).data.list;

  /** An approval of removing passkey `id` (target passkey:<id>), asked as the remove sheet does. */
  const approvalOf = async (id: number) => {
    const answer = await t.post<{ approval_id: number; passkey_options: CeremonyOptions }>(
      'Security/approvalStart',
      { operation: 'factor_remove', target: `passkey:${id}` },
      as(token),
    );
    expect(answer.code, answer.msg).toBe(1);
    return answer.data;
  };
  /** The fields of passkeyRemove for passkey `id`, approved by `key`. */
  const removal = async (key: SoftAuthenticator, id: number) => {
    const approval = await approvalOf(id);
    return { id, approval_id: approval.approval_id, passkey_response: key.assert(approval.passkey_options) };
  };

  it('offers a discoverable, user-verified passkey for this host, excluding the ones already added', async () => {
    const first = await registerOptions();
    expect(first).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'demo' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
    });
    const key = new SoftAuthenticator();
    expect((await addPasskey(key)).code).toBe(1);
    expect((await registerOptions()).excludeCredentials).toEqual([
      { id: key.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('adds a passkey with the name given, or named after the device, and records each as factor_added', async () => {
    const record = vi.spyOn(t.app.apiContext.securityEvents, 'record');
    const named = await addPasskey(new SoftAuthenticator(), 'Work laptop');
    expect(named).toMatchObject({ code: 1, msg: 'Passkey added', data: { passkey: { name: 'Work laptop' } } });
    const unnamed = await addPasskey(new SoftAuthenticator());
    expect(unnamed.data.passkey.name).toBe('Chrome · Android');
    expect(record.mock.calls.map(([event]) => event)).toEqual([
      { userId, kind: 'factor_added', detail: { factor: 'Work laptop' } },
      { userId, kind: 'factor_added', detail: { factor: 'Chrome · Android' } },
    ]);
    expect((await list()).map((row) => [row.name, row.last_used_at])).toEqual([
      ['Work laptop', null],
      ['Chrome · Android', null],
    ]);
  });

  it('refuses an answer for another origin, without verification, or to a used challenge; nothing is added', async () => {
    const key = new SoftAuthenticator();
    const record = vi.spyOn(t.app.apiContext.securityEvents, 'record');
    const wrongOrigin = key.register(await registerOptions(), { origin: 'https://phish.example' });
    expect(await t.post('Security/passkeyRegister', { passkey_response: wrongOrigin }, as(token))).toMatchObject({
      code: 0,
      msg: 'The passkey could not be verified or the request expired, please try again',
    });
    const notVerified = key.register(await registerOptions(), { flags: 0x41 });
    expect((await t.post('Security/passkeyRegister', { passkey_response: notVerified }, as(token))).code).toBe(0);

    const options = await registerOptions();
    const good = key.register(options);
    expect((await t.post('Security/passkeyRegister', { passkey_response: good }, as(token))).code).toBe(1);
    // Another device answering the same challenge: it is used up.
    const reused = new SoftAuthenticator().register(options);
    expect((await t.post('Security/passkeyRegister', { passkey_response: reused }, as(token))).code).toBe(0);
    expect(await list()).toHaveLength(1);
    expect(record).toHaveBeenCalledTimes(1);
  });

  it("refuses another user's registration challenge", async () => {
    const other = (await registerByPhone(t)).Token;
    const theirs = await registerOptions(other);
    const answer = await t.post(
      'Security/passkeyRegister',
      { passkey_response: new SoftAuthenticator().register(theirs) },
      as(token),
    );
    expect(answer.code).toBe(0);
    expect(await list()).toEqual([]);
  });

  it('signs in with a passkey and no password: a session like Login/login, and the passkey marked used', async () => {
    const key = new SoftAuthenticator();
    await addPasskey(key, 'Phone');
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required', allowCredentials: [] });

    const answer = await t.post<LoginData>('Security/passkeySignIn', {
      passkey_response: key.assert(options),
      ip: '203.0.113.9',
    });
    expect(answer).toMatchObject({
      code: 1,
      msg: 'Login successful',
      data: { userinfo: { id: userId, username: 'demo' } },
    });
    const info = await t.post<UserInfo>('User/getUserInfo', {}, as(answer.data.userinfo.token));
    expect(info.data.username).toBe('demo');
    expect(t.db.prepare('SELECT last_login_ip FROM users WHERE id = ?').pluck().get(userId)).toBe('203.0.113.9');
    const row = t.db.prepare('SELECT counter, last_used_at FROM passkeys').get() as {
      counter: number;
      last_used_at: number;
    };
    expect(row.counter).toBe(1);
    expect(row.last_used_at).toBe(clock.now());
    expect((await list())[0]!.last_used_at).toBe('2026-12-05 09:00:00');
  });

  it('answers a sign-in challenge once only', async () => {
    const key = new SoftAuthenticator();
    await addPasskey(key);
    const options = await signInOptions();
    const response = key.assert(options);
    expect((await t.post('Security/passkeySignIn', { passkey_response: response })).code).toBe(1);
    expect(await t.post('Security/passkeySignIn', { passkey_response: response })).toMatchObject({
      code: 0,
      msg: 'The passkey could not be verified or the request expired, please try again',
    });
    // A fresh signature over the used challenge is refused too.
    expect((await t.post('Security/passkeySignIn', { passkey_response: key.assert(options) })).code).toBe(0);
  });

  it('refuses a sign-in challenge once 5 minutes have passed on the server clock', async () => {
    const key = new SoftAuthenticator();
    await addPasskey(key);
    const late = await signInOptions();
    const onTime = await signInOptions();
    clock.advance(CHALLENGE_TTL_MS - 1);
    expect((await t.post('Security/passkeySignIn', { passkey_response: key.assert(onTime) })).code).toBe(1);
    clock.advance(1);
    expect((await t.post('Security/passkeySignIn', { passkey_response: key.assert(late) })).code).toBe(0);
  });

  it('refuses an unknown passkey, a wrong signature and a challenge the server never gave', async () => {
    const key = new SoftAuthenticator();
    await addPasskey(key);
    expect(
      await t.post('Security/passkeySignIn', {
        passkey_response: new SoftAuthenticator().assert(await signInOptions()),
      }),
    ).toMatchObject({ code: 0, msg: 'This passkey is not registered with any account here' });
    const impostor = new SoftAuthenticator();
    const forged = key.assert(await signInOptions(), { signWith: impostor['privateKey'] });
    expect((await t.post('Security/passkeySignIn', { passkey_response: forged })).code).toBe(0);
    const invented = key.assert({ challenge: 'aW52ZW50ZWQ', rpId: 'localhost' });
    expect((await t.post('Security/passkeySignIn', { passkey_response: invented })).code).toBe(0);
    expect(await t.post('Security/passkeySignIn', { passkey_response: 'not json' })).toMatchObject({ code: 0 });
    expect(t.db.prepare('SELECT last_used_at FROM passkeys').pluck().get()).toBeNull();
  });

  it('renames and removes only your own passkeys; removing records factor_removed and the passkey no longer signs in', async () => {
    const key = new SoftAuthenticator();
    const { data } = await addPasskey(key, 'Old name');
    const other = (await registerByPhone(t)).Token;
    expect(await t.post('Security/passkeyRename', { id: data.passkey.id, name: 'Mine' }, as(other))).toMatchObject({
      code: 0,
      msg: 'This passkey does not exist',
    });
    expect(await t.post('Security/passkeyRename', { id: data.passkey.id, name: ' ' }, as(token))).toMatchObject({
      code: 0,
      msg: 'Please enter a name for the passkey',
    });
    expect(
      await t.post('Security/passkeyRename', { id: data.passkey.id, name: 'x'.repeat(41) }, as(token)),
    ).toMatchObject({ code: 0, msg: 'The name may have at most 40 characters' });
    expect(await t.post('Security/passkeyRename', { id: data.passkey.id, name: 'iPhone' }, as(token))).toMatchObject({
      code: 1,
      data: { passkey: { id: data.passkey.id, name: 'iPhone' } },
    });

    const record = vi.spyOn(t.app.apiContext.securityEvents, 'record');
    expect((await t.post('Security/passkeyRemove', { id: data.passkey.id }, as(other))).code).toBe(0);
    expect(await list()).toHaveLength(1);
    // The passkey is the account's one factor: it approves its own removal.
    expect(await t.post('Security/passkeyRemove', await removal(key, data.passkey.id), as(token))).toMatchObject({
      code: 1,
      msg: 'Passkey removed',
    });
    expect(record.mock.calls.map(([event]) => event)).toEqual([
      { userId, kind: 'factor_removed', detail: { factor: 'iPhone' } },
    ]);
    expect(await list()).toEqual([]);
    expect(
      await t.post('Security/passkeySignIn', { passkey_response: key.assert(await signInOptions()) }),
    ).toMatchObject({ code: 0, msg: 'This passkey is not registered with any account here' });
  });

  it('removes a passkey only with an approval of removing that one; the approval is used once', async () => {
    const first = new SoftAuthenticator();
    const second = new SoftAuthenticator();
    const a = (await addPasskey(first, 'Phone')).data.passkey.id;
    const b = (await addPasskey(second, 'Laptop')).data.passkey.id;
    expect((await t.post('Security/passkeyRemove', { id: b }, as(token))).msg).toBe(
      'Please confirm with your second step',
    );
    const ofA = await removal(first, a);
    expect((await t.post('Security/passkeyRemove', { ...ofA, id: b }, as(token))).msg).toBe(
      'The details changed after you confirmed, please confirm again',
    );
    // A bare id as the target is not the passkey's target either.
    const bare = await t.post<{ approval_id: number; passkey_options: CeremonyOptions }>(
      'Security/approvalStart',
      { operation: 'factor_remove', target: String(b) },
      as(token),
    );
    const byBare = {
      id: b,
      approval_id: bare.data.approval_id,
      passkey_response: first.assert(bare.data.passkey_options),
    };
    expect((await t.post('Security/passkeyRemove', byBare, as(token))).msg).toBe(
      'The details changed after you confirmed, please confirm again',
    );
    expect((await list()).map((row) => row.id)).toEqual([a, b]);

    const ofB = await removal(first, b);
    expect(await t.post('Security/passkeyRemove', ofB, as(token))).toMatchObject({ code: 1, msg: 'Passkey removed' });
    expect((await t.post('Security/passkeyRemove', { ...ofB, id: a }, as(token))).msg).toBe(
      'This confirmation was already used, please confirm again',
    );
    expect((await list()).map((row) => row.id)).toEqual([a]);
  });

  it('needs a session for the passkey list and its changes', async () => {
    expect((await t.post('Security/passkeyList')).code).toBe(401);
    expect((await t.post('Security/passkeyRegisterOptions')).code).toBe(401);
  });
});

describe('verifyPasskeyAssertion (the second step of an operation)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  it("checks the user's own passkey against an approval challenge, once, and refuses another user's passkey", async () => {
    const ctx = t.app.apiContext;
    const token = await login(t, 'demo', 'demo1234');
    const userId = t.db.prepare("SELECT id FROM users WHERE username = 'demo'").pluck().get() as number;
    const key = new SoftAuthenticator();
    const options = (await t.post<{ options: CeremonyOptions }>('Security/passkeyRegisterOptions', {}, as(token))).data
      .options;
    await t.post('Security/passkeyRegister', { passkey_response: key.register(options) }, as(token));

    const rp = { rpId: 'localhost', origin: 'http://localhost' };
    const approval = await passkeyAssertionOptions(ctx, { userId, purpose: 'approval', rpId: 'localhost' });
    expect(approval.allowCredentials).toEqual([{ id: key.id, type: 'public-key', transports: ['internal'] }]);
    const check = { userId, expectedChallenge: approval.challenge, ...rp };
    expect(await verifyPasskeyAssertion(ctx, { ...check, responseJson: key.assert(approval) })).toEqual({
      ok: true,
      userId,
      credentialId: key.id,
    });
    // A fresh signature (a higher counter) over the same challenge: it is used up.
    expect(await verifyPasskeyAssertion(ctx, { ...check, responseJson: key.assert(approval) })).toEqual({
      ok: false,
      reason: 'invalid',
    });

    // Another user's approval challenge, and a sign-in answered where an approval is asked for.
    const strangerOptions = await passkeyAssertionOptions(ctx, { userId: null, purpose: 'sign_in', rpId: 'localhost' });
    expect(
      await verifyPasskeyAssertion(ctx, {
        ...rp,
        userId: userId + 1,
        responseJson: key.assert(strangerOptions),
        expectedChallenge: strangerOptions.challenge,
      }),
    ).toEqual({ ok: false, reason: 'unknown' });
    const signIn = await passkeyAssertionOptions(ctx, { userId: null, purpose: 'sign_in', rpId: 'localhost' });
    expect(
      await verifyPasskeyAssertion(ctx, {
        ...rp,
        userId,
        responseJson: key.assert(signIn),
        expectedChallenge: signIn.challenge,
        purpose: 'approval',
      }),
    ).toEqual({ ok: false, reason: 'invalid' });
  });
});
