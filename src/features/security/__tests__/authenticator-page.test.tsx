import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { toasts } from '../../../lib/toast.ts';
import { ok, refused, stubApi } from '../../../lib/testing/api-stub.ts';
import { AuthenticatorPage } from '../components/AuthenticatorPage.tsx';

const totp = en.security.totp;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/TradeDesk:demo?issuer=TradeDesk&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-2222${i}`);

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.items = [];
});

const status = (state: 'off' | 'on', left = 0) => ok({ state, recovery_codes_left: left });

describe('authenticator screen', () => {
  it('turns on: the QR of the otpauth URI, the key, a code, then the 10 recovery codes once', async () => {
    const calls = stubApi({
      '/Security/totpStatus': (n: number) => (n === 1 ? status('off') : status('on', 10)),
      '/Security/totpSetup': ok({ secret: SECRET, uri: URI }),
      '/Security/totpEnable': (n: number) =>
        n === 1 ? refused('The authenticator code is wrong (4 attempts left)') : ok({ recovery_codes: CODES }),
    });
    render(<AuthenticatorPage />);
    expect((await screen.findByTestId('totp-state')).textContent).toContain(totp.stateOff);
    fireEvent.click(screen.getByRole('button', { name: totp.turnOn }));

    // The QR carries the URI (the same matrix qrcode makes of it); the key reads in groups of four.
    const qr = await screen.findByTestId('totp-qr');
    const expected = QRCode.create(URI, { errorCorrectionLevel: 'M' }).modules.size;
    expect(qr.getAttribute('viewBox')).toBe(`0 0 ${expected + 4} ${expected + 4}`);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    // A wrong code is refused beneath the field; the recovery codes are not shown.
    fireEvent.change(screen.getByTestId('one-time-code'), { target: { value: '111 111' } });
    fireEvent.click(screen.getByRole('button', { name: totp.confirm }));
    expect(await screen.findByText('The authenticator code is wrong (4 attempts left)', { selector: 'p, span, div' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();

    fireEvent.change(screen.getByTestId('one-time-code'), { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: totp.confirm }));
    const list = await screen.findByTestId('recovery-codes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByTestId('recovery-warning').textContent).toContain(totp.codesWarning);
    expect(Object.fromEntries(calls.filter((c) => c.path === '/Security/totpEnable')[1]!.fields)).toEqual({
      otp_code: '222222',
    });

    fireEvent.click(screen.getByRole('button', { name: totp.done }));
    expect((await screen.findByTestId('totp-recovery-left')).textContent).toBe('Recovery codes left: 10');
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('turns off with the login password and a recovery code', async () => {
    const calls = stubApi({
      '/Security/totpStatus': (n: number) => (n === 1 ? status('on', 7) : status('off')),
      '/Security/totpDisable': ok(null, 'Authenticator codes are off'),
    });
    render(<AuthenticatorPage />);
    fireEvent.click(await screen.findByRole('button', { name: totp.turnOff }));
    // Nothing is sent without the password and a proof.
    fireEvent.click(screen.getAllByRole('button', { name: totp.turnOff }).at(-1)!);
    expect(await screen.findByText(totp.passwordRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/Security/totpDisable')).toBe(false);

    fireEvent.change(screen.getByLabelText(totp.password), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: totp.useRecovery }));
    fireEvent.change(screen.getByTestId('recovery-code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getAllByRole('button', { name: totp.turnOff }).at(-1)!);
    await waitFor(() => expect(screen.queryByTestId('totp-state')?.textContent ?? '').toContain(totp.stateOff));
    expect(Object.fromEntries(calls.find((c) => c.path === '/Security/totpDisable')!.fields)).toEqual({
      password: 'demo1234',
      recovery_code: 'abcde-fghjk',
    });
  });
});
