import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en.json';
import { site } from '../../../lib/site-settings.ts';
import { toasts } from '../../../lib/toast.ts';
import { inviteLink } from '../api/invite-link.ts';
import { QR_MARGIN, QR_SIZE } from '../../../components/ui/QrCode.tsx';
import { InvitePage } from '../components/InvitePage.tsx';
import { ok, siteSettings, stubApi } from '../../../lib/testing/api-stub.ts';

beforeEach(() => window.history.replaceState(null, '', '/invite?code=FROMQ1'));
afterEach(() => {
  vi.unstubAllGlobals();
  site.settings = null;
  toasts.items = [];
  window.history.replaceState(null, '', '/');
});

/** Reads the dark modules back out of the rendered SVG path: the picture the user scans, as a matrix. */
function matrixOf(svg: SVGElement): boolean[][] {
  const side = Number(svg.getAttribute('viewBox')!.split(' ')[2]) - QR_MARGIN * 2;
  const grid = Array.from({ length: side }, () => Array<boolean>(side).fill(false));
  for (const [, x, y] of svg
    .querySelector('path')!
    .getAttribute('d')!
    .matchAll(/M(\d+) (\d+)h1v1h-1z/g))
    grid[Number(y) - QR_MARGIN]![Number(x) - QR_MARGIN] = true;
  return grid;
}

/** The matrix a QR encoder makes of `text` with the same settings. */
function expectedMatrix(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
  );
}

describe('invite link', () => {
  it.each([
    ['/register', 'https://app.example', 'https://app.example/register?invite=K7M2QX'],
    ['', 'https://app.example', 'https://app.example/register?invite=K7M2QX'],
    [undefined, 'https://app.example', 'https://app.example/register?invite=K7M2QX'],
    ['https://promo.example/join?lang=en', 'https://app.example', 'https://promo.example/join?lang=en&invite=K7M2QX'],
    ['https://promo.example/join?invite=OLD', 'https://app.example', 'https://promo.example/join?invite=K7M2QX'],
    ['https://old.example/#/register?x=1', 'https://app.example', 'https://old.example/#/register?x=1&invite=K7M2QX'],
  ])('%s on %s → %s', (invitUrl, origin, expected) => {
    expect(inviteLink(invitUrl, 'K7M2QX', origin)).toBe(expected);
  });
});

describe('invite screen', () => {
  it("shows the account's code and link, and a 172×172 QR that encodes exactly that link", async () => {
    site.settings = siteSettings({ invit_url: '/register' });
    stubApi({ '/User/getUserInfo': ok({ username: 'li', rzstatus: 0, invit: 'K7M2QX' }) });
    render(<InvitePage />);
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('K7M2QX'));
    const link = `${window.location.origin}/register?invite=K7M2QX`;
    expect(screen.getByTestId('invite-link').textContent).toBe(link);
    const qr = screen.getByTestId('invite-qr') as unknown as SVGElement;
    expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual([String(QR_SIZE), String(QR_SIZE)]);
    expect(matrixOf(qr)).toEqual(expectedMatrix(link));
    expect(matrixOf(qr)).not.toEqual(expectedMatrix(link.replace('K7M2QX', 'FROMQ1')));
    // The encoder's own segments (byte, alphanumeric ...) spell the link.
    const segments = QRCode.create(link, { errorCorrectionLevel: 'M' }).segments as unknown as {
      data: Uint8Array | string;
    }[];
    expect(segments.map((s) => (typeof s.data === 'string' ? s.data : new TextDecoder().decode(s.data))).join('')).toBe(
      link,
    );
  });

  it("shows the query code until the account's own has loaded", () => {
    site.settings = siteSettings();
    // getUserInfo never answers.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    render(<InvitePage />);
    expect(screen.getByTestId('invite-code').textContent).toBe('FROMQ1');
  });

  it('hides the QR when invit_qrcode_switch is not 1: code and link only', async () => {
    site.settings = siteSettings({ invit_qrcode_switch: 0 });
    stubApi({ '/User/getUserInfo': ok({ username: 'li', rzstatus: 0, invit: 'K7M2QX' }) });
    render(<InvitePage />);
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('K7M2QX'));
    expect(screen.queryByTestId('invite-qr')).toBeNull();
    expect(screen.getByTestId('invite-link')).toBeTruthy();
  });

  it('copies the code and the link with a "copy success" toast, and shares through the system sheet where there is one', async () => {
    site.settings = siteSettings();
    stubApi({ '/User/getUserInfo': ok({ username: 'li', rzstatus: 0, invit: 'K7M2QX' }) });
    const writeText = vi.fn(async () => {});
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText }, share }));
    render(<InvitePage />);
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('K7M2QX'));
    fireEvent.click(screen.getByRole('button', { name: `${en.profile.invite.copy} ${en.profile.invite.code}` }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('K7M2QX'));
    fireEvent.click(screen.getByRole('button', { name: `${en.profile.invite.copy} ${en.profile.invite.link}` }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/register?invite=K7M2QX`));
    expect(toasts.items.map((t) => [t.kind, t.message])).toEqual([['success', en.profile.invite.copied]]);
    fireEvent.click(screen.getByRole('button', { name: en.profile.invite.share }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ url: `${window.location.origin}/register?invite=K7M2QX` }),
      ),
    );
  });

  it('offers no share button where the browser has no share sheet', async () => {
    site.settings = siteSettings();
    stubApi({ '/User/getUserInfo': ok({ username: 'li', rzstatus: 0, invit: 'K7M2QX' }) });
    render(<InvitePage />);
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('K7M2QX'));
    expect(screen.queryByRole('button', { name: en.profile.invite.share })).toBeNull();
  });
});
