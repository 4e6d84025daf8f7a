import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import type { UserInfo } from '../api/get-user-info.ts';
import { SecurityPage } from '../components/SecurityPage.tsx';
import { userStore } from '../stores/user-store.ts';
import { stubApi } from '../../../lib/testing/api-stub.ts';

const user = (have_pay: number): UserInfo => ({
  username: 'demo',
  id: 1001,
  vip: 0,
  credit_score: 100,
  rzstatus: 0,
  have_pay,
  has_unread: 0,
  invit: 'ABC234',
});
const ok = (data: unknown) => ({ code: 1, msg: '', data });
const totpOff = ok({ state: 'off', recovery_codes_left: 0 });
const summary = (sessions: number, antiPhishing: string) => ok({ sessions, anti_phishing_code: antiPhishing });
const allowlist = (on: number, offLeft = 0) =>
  ok({ on, off_at: offLeft ? 1 : null, off_left_seconds: offLeft, hold_hours: 24, hold: null, list: [] });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  userStore.user = null;
  userStore.failed = false;
  userStore.loading = false;
});

describe('security page', () => {
  it.each([
    [1, en.account.security.set],
    [0, en.account.security.notSet],
  ])('marks the transaction password from have_pay %i', async (havePay, text) => {
    stubApi({
      '/User/getUserInfo': ok(user(havePay)),
      '/Security/passkeyList': ok({ list: [] }),
      '/Security/totpStatus': totpOff,
      '/Security/getSessionSummary': summary(1, ''),
      '/Security/getAllowlist': allowlist(0),
    });
    render(<SecurityPage />);
    expect((await screen.findByTestId('pay-password-status')).textContent).toBe(text);
  });

  it('shows "failed to load" with a retry when getUserInfo fails, and the retry fills the mark in', async () => {
    const calls = stubApi({
      '/User/getUserInfo': (n: number) => (n === 1 ? { code: 0, msg: 'Server busy', data: null } : ok(user(1))),
      '/Security/passkeyList': ok({ list: [] }),
      '/Security/totpStatus': totpOff,
      '/Security/getSessionSummary': summary(1, ''),
      '/Security/getAllowlist': allowlist(0),
    });
    render(<SecurityPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.common.failedToLoad);
    expect(screen.queryByTestId('pay-password-status')).toBeNull();
    // Both password entries stay usable while the status is missing.
    expect(screen.getByRole('link', { name: new RegExp(en.account.security.loginPassword) }).getAttribute('href')).toBe(
      '/modifyPwd',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.common.retry }));
    });
    await waitFor(() => expect(screen.getByTestId('pay-password-status').textContent).toBe(en.account.security.set));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.path === '/User/getUserInfo')).toHaveLength(2);
  });

  it.each([
    [[], en.account.security.notSet],
    [[{ id: 1 }, { id: 2 }], '2'],
  ])('shows how many passkeys there are on the passkeys row (%j)', async (list, text) => {
    stubApi({ '/User/getUserInfo': ok(user(1)), '/Security/passkeyList': ok({ list }) });
    render(<SecurityPage />);
    expect((await screen.findByTestId('passkey-count')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: new RegExp(en.security.passkeys.title) }).getAttribute('href')).toBe(
      '/security/passkeys',
    );
  });

  it.each([
    ['on', en.security.totp.on],
    ['pending', en.security.totp.off],
    ['off', en.security.totp.off],
  ])('shows the authenticator app row, %s, leading to its screen', async (state, text) => {
    stubApi({ '/User/getUserInfo': ok(user(1)), '/Security/totpStatus': ok({ state, recovery_codes_left: 0 }) });
    render(<SecurityPage />);
    expect((await screen.findByTestId('totp-status')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: new RegExp(en.security.totp.title) }).getAttribute('href')).toBe(
      '/security/authenticator',
    );
  });

  it('links the devices, the sign-in history and the anti-phishing code, showing the count and the code masked', async () => {
    stubApi({ '/User/getUserInfo': ok(user(1)), '/Security/getSessionSummary': summary(3, 'T*****2') });
    render(<SecurityPage />);
    expect((await screen.findByTestId('anti-phishing-status')).textContent).toBe('T*****2');
    expect(screen.getByTestId('security-sessions').textContent).toContain(
      en.security.sessions.count.replace('{{count}}', '3'),
    );
    expect(screen.getByTestId('security-sessions').getAttribute('href')).toBe('/security/sessions');
    expect(screen.getByTestId('security-sign-ins').getAttribute('href')).toBe('/security/sign-ins');
    // The history has no state to show: no placeholder waits there once the rest has loaded.
    expect(screen.getByTestId('security-sign-ins').querySelector('[aria-hidden="true"]:not(svg)')).toBeNull();
    expect(screen.getByTestId('security-anti-phishing').getAttribute('href')).toBe('/security/anti-phishing');
  });

  it('says "not set" when the user has no anti-phishing code', async () => {
    stubApi({ '/User/getUserInfo': ok(user(1)), '/Security/getSessionSummary': summary(1, '') });
    render(<SecurityPage />);
    expect((await screen.findByTestId('anti-phishing-status')).textContent).toBe(en.account.security.notSet);
  });

  it.each([
    [allowlist(0), en.security.allowlist.off],
    [allowlist(1), en.security.allowlist.on],
    [allowlist(1, 3600), en.security.allowlist.pendingOff],
  ])('links to the withdrawal allow-list and shows its state', async (answer, text) => {
    stubApi({ '/User/getUserInfo': ok(user(1)), '/Security/getAllowlist': answer });
    render(<SecurityPage />);
    expect((await screen.findByTestId('allowlist-status')).textContent).toBe(text);
    expect(screen.getByRole('link', { name: new RegExp(en.route.allowlist) }).getAttribute('href')).toBe(
      '/security/allowlist',
    );
  });
});
