import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { site } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import type { UserInfo } from '../api/get-user-info.ts';
import { MemberPanel } from '../components/MemberPanel.tsx';
import { userStore } from '../stores/user-store.ts';
import { siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';

const user: UserInfo = {
  username: 'demo',
  id: 1001,
  vip: 2,
  credit_score: 100,
  rzstatus: 0,
  have_pay: 1,
  has_unread: 0,
  invit: 'ABC234',
};
const ok = (data: unknown) => ({ code: 1, msg: '', data });
const refused = { code: 0, msg: 'Server busy', data: null };

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 12; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let openSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  openSpy = vi.spyOn(window, 'open').mockImplementation(() => null);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  site.settings = null;
  userStore.user = null;
  userStore.failed = false;
  userStore.loading = false;
  toasts.items = [];
});

function openPanel(settings = siteSettings()) {
  site.settings = settings;
  render(<MemberPanel open onClose={() => {}} />);
  return screen.getByTestId('member-panel');
}

describe('member panel: app download', () => {
  it('is listed even when no store link is configured, and then shows the contact-service toast', async () => {
    stubApi({ '/User/getUserInfo': ok(user) });
    const panel = openPanel(siteSettings({ ios_url: '', android_url: '' }));
    const entry = within(panel).getByRole('button', { name: en.account.panel.appDownload });
    fireEvent.click(entry);
    expect(openSpy).not.toHaveBeenCalled();
    expect(toasts.items.map((t) => [t.kind, t.message])).toEqual([['error', en.common.contactService]]);
    await screen.findByTestId('panel-username');
  });

  it.each([
    [
      'android device, both links',
      ANDROID_UA,
      { ios_url: 'https://apps.example/ios', android_url: 'https://apps.example/android' },
      'https://apps.example/android',
    ],
    [
      'iPhone, both links',
      IPHONE_UA,
      { ios_url: 'https://apps.example/ios', android_url: 'https://apps.example/android' },
      'https://apps.example/ios',
    ],
    [
      'iPhone, only android',
      IPHONE_UA,
      { ios_url: '', android_url: 'https://apps.example/android' },
      'https://apps.example/android',
    ],
    [
      'android device, only ios',
      ANDROID_UA,
      { ios_url: 'https://apps.example/ios', android_url: '' },
      'https://apps.example/ios',
    ],
  ])('%s: opens the right link in a new tab', async (_case, userAgent, links, expected) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    stubApi({ '/User/getUserInfo': ok(user) });
    const panel = openPanel(siteSettings(links));
    fireEvent.click(within(panel).getByRole('button', { name: en.account.panel.appDownload }));
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(openSpy.mock.calls[0]![0]).toBe(expected);
    expect(openSpy.mock.calls[0]![1]).toBe('_blank');
    expect(toasts.items).toEqual([]);
    await screen.findByTestId('panel-username');
  });
});

describe('member panel: profile loading', () => {
  it('shows the profile once getUserInfo answers', async () => {
    stubApi({ '/User/getUserInfo': ok(user) });
    const panel = openPanel();
    expect((await within(panel).findByTestId('panel-username')).textContent).toBe(user.username);
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('shows "failed to load" with a retry instead of endless skeletons, and the retry loads the profile', async () => {
    const calls = stubApi({ '/User/getUserInfo': (n: number) => (n === 1 ? refused : ok(user)) });
    const panel = openPanel();
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain(en.common.failedToLoad);
    expect(within(panel).queryByTestId('panel-username')).toBeNull();
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    });
    await waitFor(() => expect(within(panel).getByTestId('panel-username').textContent).toBe(user.username));
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.path === '/User/getUserInfo')).toHaveLength(2);
  });

  it('shows the failure when the request itself fails (network)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({});
    const panel = openPanel();
    expect((await within(panel).findByRole('alert')).textContent).toContain(en.common.failedToLoad);
  });
});

describe('member panel: profile entries', () => {
  it.each([
    [0, true, en.account.panel.identityStatus.awaiting],
    [3, true, en.account.panel.identityStatus.awaiting],
    [1, false, en.account.panel.identityStatus.review],
    [2, false, en.account.panel.identityStatus.certified],
  ])('rzstatus %i: identity is a link %s, showing "%s"', async (rzstatus, tappable, text) => {
    stubApi({ '/User/getUserInfo': ok({ ...user, rzstatus }) });
    const panel = openPanel();
    await within(panel).findByTestId('panel-username');
    const entry = within(panel).getByTestId('panel-identity');
    expect(entry.tagName === 'A').toBe(tappable);
    expect(entry.getAttribute('aria-disabled')).toBe(tappable ? null : 'true');
    expect(entry.textContent).toContain(text);
  });

  it('lists invite whatever invit_qrcode_switch says (it hides only the QR), with the code; about us only while introduce_switch is 1', async () => {
    stubApi({ '/User/getUserInfo': ok(user) });
    const panel = openPanel(siteSettings({ invit_qrcode_switch: 0, introduce_switch: 0 }));
    await within(panel).findByTestId('panel-username');
    expect(within(panel).getByTestId('panel-invite').getAttribute('href')).toBe('/invite?code=ABC234');
    expect(within(panel).queryByTestId('panel-about')).toBeNull();
  });
});
