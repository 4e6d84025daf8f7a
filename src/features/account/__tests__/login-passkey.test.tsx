import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { site } from '../../../lib/site-settings.ts';
import { ok, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';
import { toasts } from '../../../lib/toast.ts';
import { LoginPage } from '../components/LoginPage.tsx';

const browser = vi.hoisted(() => ({
  loaded: 0,
  startAuthentication: vi.fn(),
  browserSupportsWebAuthn: () => true,
}));
vi.mock('@simplewebauthn/browser', () => {
  browser.loaded += 1;
  return { startAuthentication: browser.startAuthentication, browserSupportsWebAuthn: browser.browserSupportsWebAuthn };
});

const requestOptions = { challenge: 'abc', rpId: 'localhost', allowCredentials: [], userVerification: 'required' };

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
  toasts.items = [];
});

describe('login: sign in with a passkey', () => {
  it('loads the passkey code only when the button is pressed, and says so when the user cancels', async () => {
    site.settings = siteSettings();
    const calls = stubApi({ '/Security/passkeySignInOptions': ok({ options: requestOptions }) });
    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    render(<LoginPage />);
    const button = screen.getByRole('button', { name: en.security.passkeys.signIn });
    expect(browser.loaded).toBe(0);

    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(toasts.items.map((item) => item.message)).toEqual([en.security.passkeys.cancelled]));
    expect(browser.loaded).toBe(1);
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    // Nothing was sent after the cancel, and the password form is still there to use.
    expect(calls.map((call) => call.path).filter((path) => path.startsWith('/Security'))).toEqual([
      '/Security/passkeySignInOptions',
    ]);
    expect((screen.getByRole('button', { name: en.account.login.submit }) as HTMLButtonElement).disabled).toBe(false);
  });
});
