import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refused, stubApi } from '../../../lib/testing/api-stub.ts';
import { toasts } from '../../../lib/toast.ts';
import { ResetPayPasswordPage } from '../components/ResetPayPasswordPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.items = [];
});

const fill = () => {
  fireEvent.change(screen.getByLabelText('Login password'), { target: { value: 'secret12' } });
  for (const input of screen.getAllByLabelText(/transaction password/i))
    fireEvent.change(input, { target: { value: 'trade456' } });
};

describe('the transaction password form of an account with authenticator codes on', () => {
  it('carries the code field; a refused code shows beneath it and a new approval is asked; the right one is sent with it', async () => {
    let approvals = 0;
    const calls = stubApi({
      '/User/getUserInfo': ok({ factors: { totp: 1, passkeys: 0 } }),
      '/Security/approvalStart': () => {
        approvals += 1;
        return ok({ approval_id: 60 + approvals, challenge: 'abc', expires_at: 1, methods: ['totp'] });
      },
      '/User/resetPay': (n: number) =>
        n === 1 ? refused('The authenticator code is wrong (4 attempts left)') : ok(null, 'Transaction password saved'),
    });
    render(<ResetPayPasswordPage />);
    const code = await screen.findByLabelText('Authenticator code');
    fill();
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    const started = calls.find((call) => call.path === '/Security/approvalStart')!;
    expect(Object.fromEntries(started.fields)).toEqual({ operation: 'pay_password' });

    fireEvent.change(code, { target: { value: '000000' } });
    await act(async () => fireEvent.click(confirm));
    expect(
      await screen.findByText('The authenticator code is wrong (4 attempts left)', { selector: 'p' }),
    ).toBeTruthy();
    await waitFor(() => expect(approvals).toBe(2));

    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await act(async () => fireEvent.click(confirm));
    const sent = calls.filter((call) => call.path === '/User/resetPay').map((call) => Object.fromEntries(call.fields));
    expect(sent).toEqual([
      { logpassword: 'secret12', newpassword: 'trade456', approval_id: '61', otp_code: '000000' },
      { logpassword: 'secret12', newpassword: 'trade456', approval_id: '62', otp_code: '123456' },
    ]);
  });
});
