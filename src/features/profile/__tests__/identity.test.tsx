import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { site } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import { identityStatus } from '../api/get-user-profile.ts';
import { validateIdentity } from '../api/submit-identity.ts';
import { IdentityPage } from '../components/IdentityPage.tsx';
import { ok, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';

const profile = (rzstatus: number, rz_reason = '') => ok({ username: 'li', rzstatus, rz_reason, invit: 'ABC234' });

afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
  toasts.items = [];
});

describe('identity rules (docs/product-rules.md#identity-verification): the first broken rule, in the spec order', () => {
  const front = '/uploads/aa.jpg';
  const back = '/uploads/bb.jpg';
  it.each([
    [{ realName: '  ', front: null, back: null }, 'realName', 'profile.identity.nameRequired'],
    [{ realName: '', front, back }, 'realName', 'profile.identity.nameRequired'],
    [{ realName: 'Agent 007', front, back }, 'realName', 'profile.identity.nameInvalid'],
    [{ realName: 'Li Wei', front: null, back: null }, 'front', 'profile.identity.frontTip'],
    [{ realName: 'Li Wei', front: null, back }, 'front', 'profile.identity.frontTip'],
    [{ realName: 'Li Wei', front, back: null }, 'back', 'profile.identity.backTip'],
  ])('%j → %s: %s', (input, field, key) => {
    expect(validateIdentity(input)).toEqual({ field, key });
  });

  it('passes a real name with both images', () => {
    expect(validateIdentity({ realName: ' 王小明 ', front, back })).toBeNull();
  });

  it('the messages are the spec texts: the upload tip of the missing side', () => {
    expect(en.profile.identity.frontTip).toBe('Please upload the front of your ID');
    expect(en.profile.identity.backTip).toBe('Please upload the back of your ID');
  });

  it('reads rzstatus as docs/product-rules.md#identity-verification does: 1 review, 2 certified, 3 rejected (awaiting), anything else awaiting', () => {
    expect([0, 1, 2, 3, 4, -1].map(identityStatus)).toEqual([
      'awaiting',
      'review',
      'certified',
      'rejected',
      'awaiting',
      'awaiting',
    ]);
  });
});

describe('identity screen', () => {
  it('while awaiting: the form; an empty submit marks the name and sends nothing', async () => {
    site.settings = siteSettings();
    const calls = stubApi({ '/User/getUserInfo': profile(0) });
    render(<IdentityPage />);
    const form = await screen.findByTestId('identity-form');
    expect(within(form).getAllByTestId('upload-slot')).toHaveLength(2);
    fireEvent.click(within(form).getByRole('button', { name: en.profile.identity.submit }));
    expect((await within(form).findByRole('alert')).textContent).toBe(en.profile.identity.nameRequired);
    expect(calls.map((c) => c.path)).toEqual(['/User/getUserInfo']);
  });

  it('with a name but no images: the front upload tip as a toast, nothing sent', async () => {
    site.settings = siteSettings();
    const calls = stubApi({ '/User/getUserInfo': profile(0) });
    render(<IdentityPage />);
    const form = await screen.findByTestId('identity-form');
    fireEvent.change(within(form).getByLabelText(en.profile.identity.realName), { target: { value: 'Li Wei' } });
    fireEvent.click(within(form).getByRole('button', { name: en.profile.identity.submit }));
    await waitFor(() =>
      expect(toasts.items.map((t) => [t.kind, t.message])).toEqual([['error', en.profile.identity.frontTip]]),
    );
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('under review: the status with "check again", which reloads it, and no form', async () => {
    site.settings = siteSettings();
    const calls = stubApi({ '/User/getUserInfo': (n: number) => profile(n === 1 ? 1 : 2) });
    render(<IdentityPage />);
    const status = await screen.findByTestId('identity-status');
    expect(status.textContent).toContain(en.profile.identity.status.review);
    expect(screen.queryByTestId('identity-form')).toBeNull();
    fireEvent.click(within(status).getByRole('button', { name: en.profile.identity.checkAgain }));
    await waitFor(() =>
      expect(screen.getByTestId('identity-status').textContent).toContain(en.profile.identity.status.certified),
    );
    expect(calls).toHaveLength(2);
    expect(screen.queryByTestId('identity-form')).toBeNull();
  });

  it('rejected: the reason above the form, which is shown again', async () => {
    site.settings = siteSettings();
    stubApi({ '/User/getUserInfo': profile(3, 'The photo is blurred') });
    render(<IdentityPage />);
    const status = await screen.findByTestId('identity-status');
    expect(status.textContent).toContain(en.profile.identity.status.rejected);
    // The operator's text is isolated (FSI … PDI), so it keeps its order inside a right-to-left sentence.
    expect(status.textContent).toContain('Reason: \u2068The photo is blurred\u2069');
    expect(screen.getByTestId('identity-form')).toBeTruthy();
  });

  it('closed while certification_switch is off', async () => {
    site.settings = siteSettings({ certification_switch: 0 });
    stubApi({ '/User/getUserInfo': profile(0) });
    render(<IdentityPage />);
    expect(screen.getByTestId('identity-status').textContent).toContain(en.profile.identity.closed);
    expect(screen.queryByTestId('identity-form')).toBeNull();
  });

  it('a failed load shows "failed to load" with a retry that loads the status', async () => {
    site.settings = siteSettings();
    stubApi({ '/User/getUserInfo': (n: number) => (n === 1 ? { code: 0, msg: 'busy', data: null } : profile(2)) });
    render(<IdentityPage />);
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    expect((await screen.findByTestId('identity-status')).textContent).toContain(en.profile.identity.status.certified);
  });
});
