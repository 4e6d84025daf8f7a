import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { ok, stubApi } from '../../../lib/testing/api-stub.ts';
import { AllowlistPage } from '../components/AllowlistPage.tsx';

const text = en.security.allowlist;
const list = (on: 0 | 1, offLeft = 0) => ({
  on,
  off_at: offLeft > 0 ? Date.now() + offLeft * 1000 : null,
  off_left_seconds: offLeft,
  hold_hours: 24,
  hold: null,
  list: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const setCalls = (calls: ReturnType<typeof stubApi>) => calls.filter((call) => call.path === '/Security/setAllowlist');

/** Shows the page and taps its switch once it knows the user's factors. */
async function openAndTapSwitch(calls: ReturnType<typeof stubApi>): Promise<void> {
  render(<AllowlistPage />);
  const toggle = await screen.findByRole('switch', { name: text.switch });
  await waitFor(() => expect(calls.some((call) => call.path === '/User/getUserInfo')).toBe(true));
  await act(async () => {
    fireEvent.click(toggle);
  });
}

describe('allow-list page: turning the list off', () => {
  it('with a second factor, asks in a sheet with the second step of allowlist_off, and sends the code with it', async () => {
    const calls = stubApi({
      '/Security/getAllowlist': ok(list(1)),
      '/User/getUserInfo': ok({ factors: { totp: 1, passkeys: 0 } }),
      '/Security/approvalStart': ok({ approval_id: 51, challenge: 'c', expires_at: 1, methods: ['totp'] }),
      '/Security/setAllowlist': ok(list(1, 86_400), 'The allow-list turns off in 24 h'),
    });
    await openAndTapSwitch(calls);
    const sheet = await screen.findByTestId('allowlist-off-sheet');
    expect(sheet.textContent).toContain(text.offNote.replace('{{hours}}', '24'));
    await waitFor(() => expect(calls.some((call) => call.path === '/Security/approvalStart')).toBe(true));
    const started = calls.find((call) => call.path === '/Security/approvalStart')!.fields;
    expect(Object.fromEntries(started)).toEqual({ operation: 'allowlist_off' });
    expect(setCalls(calls)).toHaveLength(0);

    fireEvent.change(within(sheet).getByLabelText('Authenticator code'), { target: { value: '123 456' } });
    await act(async () => {
      fireEvent.click(within(sheet).getByTestId('allowlist-off-sheet-confirm'));
    });
    expect(setCalls(calls).map((call) => Object.fromEntries(call.fields))).toEqual([
      { on: '0', approval_id: '51', otp_code: '123456' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('allowlist-off-sheet')).toBeNull());
    expect(screen.getByTestId('allowlist-state').textContent).toMatch(new RegExp(`^${text.turningOff}`));
  });

  it('without a second factor, turns it off at once as before', async () => {
    const calls = stubApi({
      '/Security/getAllowlist': ok(list(1)),
      '/User/getUserInfo': ok({ factors: { totp: 0, passkeys: 0 } }),
      '/Security/setAllowlist': ok(list(1, 86_400), 'The allow-list turns off in 24 h'),
    });
    await openAndTapSwitch(calls);
    await waitFor(() => expect(setCalls(calls)).toHaveLength(1));
    expect(Object.fromEntries(setCalls(calls)[0]!.fields)).toEqual({ on: '0' });
    expect(screen.queryByTestId('allowlist-off-sheet')).toBeNull();
  });
});
