import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import type * as navigation from '../../../lib/navigation.ts';
import { reloadTo } from '../../../lib/navigation.ts';
import { session } from '../../../lib/session.ts';
import { site } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import { ok, refused, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';
import { LoginPage } from '../components/LoginPage.tsx';

vi.mock('../../../lib/navigation.ts', async (original) => ({
  ...(await original<typeof navigation>()),
  reloadTo: vi.fn(),
}));

const TOKEN = 'T'.repeat(43);
const tokenAnswer = ok({ userinfo: { token: TOKEN, id: 7, username: 'demo' } }, 'Login successful');
const secondStep = ok(
  { second_step: { ticket: 'ticket-1', methods: ['totp', 'recovery'], challenge: 'c' } },
  'One more step',
);
const totp = en.security.totp;

beforeEach(() => {
  site.settings = siteSettings();
  localStorage.clear();
  session.token = null;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(reloadTo).mockClear();
  site.settings = null;
  toasts.items = [];
});

function submitPassword() {
  render(<LoginPage />);
  fireEvent.change(screen.getByLabelText(en.account.login.username), { target: { value: 'demo' } });
  fireEvent.change(screen.getByLabelText(en.account.login.password), { target: { value: 'demo1234' } });
  fireEvent.click(screen.getByRole('button', { name: en.account.login.submit }));
}

describe('login second step', () => {
  it('signs a user without a second factor in straight from the password, as before', async () => {
    stubApi({ '/Login/login': tokenAnswer });
    submitPassword();
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/'));
    expect(session.token).toBe(TOKEN);
    expect(screen.queryByTestId('login-second-step')).toBeNull();
  });

  it('asks the code after the password, sends it with the ticket and then signs in', async () => {
    const calls = stubApi({ '/Login/login': secondStep, '/Login/secondStep': tokenAnswer });
    submitPassword();
    const step = await screen.findByTestId('login-second-step');
    expect(step.textContent).toContain(totp.login.hint);
    expect(session.token).toBeNull();
    expect(reloadTo).not.toHaveBeenCalled();

    // A code that is not six digits is not sent.
    fireEvent.change(screen.getByTestId('one-time-code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: totp.login.submit }));
    expect(await screen.findByText(en.security.code.invalid)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/Login/secondStep')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('one-time-code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: totp.login.submit }));
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/'));
    const sent = calls.find((c) => c.path === '/Login/secondStep')!;
    expect(Object.fromEntries(sent.fields)).toEqual({ ticket: 'ticket-1', otp_code: '123456' });
    expect(session.token).toBe(TOKEN);
  });

  it('takes a recovery code instead, and stays on the step when it is refused', async () => {
    const calls = stubApi({
      '/Login/login': secondStep,
      '/Login/secondStep': (n: number) => (n === 1 ? refused('This recovery code is wrong') : tokenAnswer),
    });
    submitPassword();
    await screen.findByTestId('login-second-step');
    fireEvent.click(screen.getByRole('button', { name: totp.useRecovery }));
    expect(screen.queryByTestId('one-time-code')).toBeNull();
    fireEvent.change(screen.getByTestId('recovery-code'), { target: { value: ' abcde-fghjk ' } });
    fireEvent.click(screen.getByRole('button', { name: totp.login.submit }));
    await waitFor(() => expect(toasts.items.map((t) => t.message)).toContain('This recovery code is wrong'));
    expect(session.token).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: totp.login.submit }));
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/'));
    expect(Object.fromEntries(calls.filter((c) => c.path === '/Login/secondStep')[1]!.fields)).toEqual({
      ticket: 'ticket-1',
      recovery_code: 'abcde-fghjk',
    });
  });

  it('goes back to the password with "Start again"', async () => {
    stubApi({ '/Login/login': secondStep });
    submitPassword();
    await screen.findByTestId('login-second-step');
    fireEvent.click(screen.getByRole('button', { name: totp.login.restart }));
    expect(screen.queryByTestId('login-second-step')).toBeNull();
    expect(screen.getByRole('button', { name: en.account.login.submit })).toBeTruthy();
  });
});
