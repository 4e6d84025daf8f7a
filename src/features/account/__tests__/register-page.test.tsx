import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { site, type SiteSettings } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import { RegisterPage } from '../components/RegisterPage.tsx';
import { siteSettings, stubApi, type ApiCall } from '../../../lib/testing/api-stub.ts';

const INVITE = 'K7M2QX';
let calls: ApiCall[];

beforeEach(() => {
  window.history.replaceState(null, '', `/register?invite=${INVITE}`);
  // The server refuses, so a valid submit ends without the reload that a success would start.
  calls = stubApi({ '/Login/register': { code: 0, msg: 'Refused by the test', data: null } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
  toasts.items = [];
  window.history.replaceState(null, '', '/');
});

/** The register screen with only the phone tab, so the phone field shows at once. */
function renderPhoneRegister(overrides: Partial<SiteSettings> = {}) {
  site.settings = siteSettings({ email_register_switch: 0, phone_register_switch: 1, ...overrides });
  render(<RegisterPage />);
  const phone = screen.getByLabelText(en.account.register.phone) as HTMLInputElement;
  return {
    phone,
    fillValid(number = '13800138000') {
      fireEvent.change(phone, { target: { value: number } });
      fireEvent.change(screen.getByLabelText(en.account.register.password), { target: { value: 'abc123' } });
      fireEvent.change(screen.getByLabelText(en.account.register.repassword), { target: { value: 'abc123' } });
    },
    submit() {
      fireEvent.click(screen.getByRole('button', { name: en.account.register.submit }));
    },
  };
}

describe('register: invite code', () => {
  it('shows the invite field prefilled from ?invite= and sends it when invie_code_switch is 1', async () => {
    const form = renderPhoneRegister({ invie_code_switch: 1 });
    expect((screen.getByLabelText(en.account.register.invite) as HTMLInputElement).value).toBe(INVITE);
    form.fillValid();
    form.submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/Login/register');
    expect(calls[0]!.fields.get('invit')).toBe(INVITE);
  });

  it('hides the invite field and sends no code when invie_code_switch is 0, even with ?invite=', async () => {
    const form = renderPhoneRegister({ invie_code_switch: 0 });
    expect(screen.queryByLabelText(en.account.register.invite)).toBeNull();
    form.fillValid();
    form.submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.fields.get('phone')).toBe('13800138000');
    expect(calls[0]!.fields.has('invit')).toBe(false);
  });
});

describe('register: phone field', () => {
  it('keeps what the user typed or pasted', () => {
    const { phone } = renderPhoneRegister();
    fireEvent.change(phone, { target: { value: '+86 138-0013 8000' } });
    expect(phone.value).toBe('+86 138-0013 8000');
  });

  it('shows the phone rule for a number with other characters and sends nothing', async () => {
    const form = renderPhoneRegister();
    form.fillValid('+86 13800138000');
    form.submit();
    const error = await screen.findByText(en.account.register.phonePlaceholder, { selector: '[role="alert"]' });
    expect(error).toBeTruthy();
    expect(form.phone.getAttribute('aria-invalid')).toBe('true');
    expect(form.phone.value).toBe('+86 13800138000');
    expect(calls).toEqual([]);
  });
});
