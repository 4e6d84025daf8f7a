import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { ok, refused, stubApi } from '../../../lib/testing/api-stub.ts';
import { toasts } from '../../../lib/toast.ts';
import { PasskeysPage } from '../components/PasskeysPage.tsx';

const browser = vi.hoisted(() => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const text = en.security.passkeys;
const phone = { id: 7, name: 'Pixel', created_at: '2026-12-01 08:00:00', last_used_at: null };
const laptop = { id: 8, name: 'Laptop', created_at: '2026-12-02 08:00:00', last_used_at: '2026-12-03 09:30:00' };
const registration = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
const creationOptions = { challenge: 'abc', rp: { name: 'X' }, user: { id: 'MQ', name: 'demo', displayName: 'demo' } };

afterEach(() => {
  vi.unstubAllGlobals();
  browser.startRegistration.mockReset();
  browser.startAuthentication.mockReset();
  browser.browserSupportsWebAuthn.mockReturnValue(true);
  toasts.items = [];
});

const toastTexts = () => toasts.items.map((item) => item.message);

describe('passkeys page', () => {
  it('says so when there are no passkeys yet', async () => {
    stubApi({ '/Security/passkeyList': ok({ list: [] }) });
    render(<PasskeysPage />);
    expect((await screen.findByTestId('passkeys-empty')).textContent).toContain(text.emptyTitle);
  });

  it('lists each passkey with its name, when it was added and when it was last used', async () => {
    stubApi({ '/Security/passkeyList': ok({ list: [phone, laptop] }) });
    render(<PasskeysPage />);
    const items = await screen.findAllByTestId('passkey-item');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Pixel', 'Laptop']);
    expect(within(items[0]!).getByTestId('passkey-last-used').textContent).toBe(text.neverUsed);
    expect(within(items[1]!).getByTestId('passkey-last-used').textContent).toMatch(/^2026-12-03 \d\d:30:00$/);
  });

  it('adds a passkey under the name typed through the browser ceremony, and lists it', async () => {
    const calls = stubApi({
      '/Security/passkeyList': ok({ list: [] }),
      '/Security/passkeyRegisterOptions': ok({ options: creationOptions }),
      '/Security/passkeyRegister': ok({ passkey: phone }, 'Passkey added'),
    });
    browser.startRegistration.mockResolvedValue(registration);
    render(<PasskeysPage />);
    await screen.findByTestId('passkeys-empty');
    fireEvent.click(screen.getByTestId('passkey-add'));
    fireEvent.change(screen.getByLabelText(text.nameLabel), { target: { value: ' Pixel ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-add-continue'));
    });
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: creationOptions });
    const sent = calls.find((call) => call.path === '/Security/passkeyRegister')!.fields;
    expect(JSON.parse(sent.get('passkey_response')!)).toEqual(registration);
    expect(sent.get('name')).toBe('Pixel');
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
    expect(screen.queryByTestId('passkey-add-dialog')).toBeNull();
  });

  it('tells the user when the ceremony is cancelled, and sends nothing', async () => {
    const calls = stubApi({
      '/Security/passkeyList': ok({ list: [] }),
      '/Security/passkeyRegisterOptions': ok({ options: creationOptions }),
    });
    browser.startRegistration.mockRejectedValue(Object.assign(new Error('x'), { name: 'NotAllowedError' }));
    render(<PasskeysPage />);
    await screen.findByTestId('passkeys-empty');
    fireEvent.click(screen.getByTestId('passkey-add'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-add-continue'));
    });
    await waitFor(() => expect(toastTexts()).toEqual([text.cancelled]));
    expect(calls.some((call) => call.path === '/Security/passkeyRegister')).toBe(false);
    expect(screen.getByTestId('passkey-add-dialog')).toBeTruthy();
  });

  it('refuses at once in a browser without passkeys', async () => {
    const calls = stubApi({ '/Security/passkeyList': ok({ list: [] }) });
    browser.browserSupportsWebAuthn.mockReturnValue(false);
    render(<PasskeysPage />);
    await screen.findByTestId('passkeys-empty');
    fireEvent.click(screen.getByTestId('passkey-add'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('passkey-add-continue'));
    });
    await waitFor(() => expect(toastTexts()).toEqual([text.unsupported]));
    expect(calls.map((call) => call.path)).toEqual(['/Security/passkeyList']);
  });

  it('refuses a name that is too long before sending', async () => {
    const calls = stubApi({ '/Security/passkeyList': ok({ list: [phone] }) });
    render(<PasskeysPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${text.rename} Pixel` }));
    fireEvent.change(screen.getByLabelText(text.nameLabel), { target: { value: 'x'.repeat(41) } });
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect((await screen.findByRole('alert')).textContent).toBe('The name may have at most 40 characters');
    expect(calls).toHaveLength(1);
  });

  it('renames a passkey and shows the new name', async () => {
    const calls = stubApi({
      '/Security/passkeyList': ok({ list: [phone] }),
      '/Security/passkeyRename': ok({ passkey: { ...phone, name: 'Work phone' } }, 'Passkey renamed'),
    });
    render(<PasskeysPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${text.rename} Pixel` }));
    fireEvent.change(screen.getByLabelText(text.nameLabel), { target: { value: 'Work phone' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: text.save }));
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Work phone' })).toBeTruthy());
    expect(calls.at(-1)!.fields.toString()).toBe('id=7&name=Work+phone');
  });

  it('removes a passkey only after the confirm sheet, approved by a passkey for that one, and keeps it when the server refuses', async () => {
    const requestOptions = { challenge: 'approval-challenge', rpId: 'localhost' };
    const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
    const calls = stubApi({
      '/Security/passkeyList': ok({ list: [phone, laptop] }),
      '/User/getUserInfo': ok({ factors: { totp: 0, passkeys: 2 } }),
      '/Security/approvalStart': (n: number) =>
        ok({
          approval_id: 40 + n,
          challenge: 'c',
          expires_at: 1,
          methods: ['passkey'],
          passkey_options: requestOptions,
        }),
      '/Security/passkeyRemove': (n: number) =>
        n === 1 ? refused('The passkey was not accepted, please try again') : ok(null, 'Passkey removed'),
    });
    browser.startAuthentication.mockResolvedValue(assertion);
    render(<PasskeysPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${text.remove} Pixel` }));
    const sheet = screen.getByTestId('passkey-remove-sheet');
    expect(sheet.textContent).toContain('Pixel');
    const usePasskey = await within(sheet).findByTestId('second-step-passkey');
    await waitFor(() => expect((usePasskey as HTMLButtonElement).disabled).toBe(false));
    const started = calls.find((call) => call.path === '/Security/approvalStart')!.fields;
    expect(Object.fromEntries(started)).toEqual({ operation: 'factor_remove', target: 'passkey:7' });

    await act(async () => {
      fireEvent.click(usePasskey);
    });
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions });
    const first = calls.find((call) => call.path === '/Security/passkeyRemove')!.fields;
    expect(Object.fromEntries(first)).toEqual({
      id: '7',
      approval_id: '41',
      passkey_response: JSON.stringify(assertion),
    });
    // Refused: the sheet stays with the refusal, and a new approval is asked.
    expect(screen.getAllByTestId('passkey-item')).toHaveLength(2);
    expect(screen.getByTestId('passkey-remove-sheet').textContent).toContain(
      'The passkey was not accepted, please try again',
    );
    await waitFor(() => expect(calls.filter((call) => call.path === '/Security/approvalStart')).toHaveLength(2));

    await act(async () => {
      fireEvent.click(screen.getByTestId('second-step-passkey'));
    });
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
    const second = calls.filter((call) => call.path === '/Security/passkeyRemove')[1]!.fields;
    expect(second.get('approval_id')).toBe('42');
    expect(screen.getByRole('heading', { name: 'Laptop' })).toBeTruthy();
    expect(screen.queryByTestId('passkey-remove-sheet')).toBeNull();
  });
});
