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
    stubApi({ '/User/getUserInfo': ok(user(havePay)), '/Security/getAllowlist': allowlist(0) });
    render(<SecurityPage />);
    expect((await screen.findByTestId('pay-password-status')).textContent).toBe(text);
  });

  it('shows "failed to load" with a retry when getUserInfo fails, and the retry fills the mark in', async () => {
    const calls = stubApi({
      '/User/getUserInfo': (n: number) => (n === 1 ? { code: 0, msg: 'Server busy', data: null } : ok(user(1))),
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
