import { act, fireEvent, render, screen } from '@testing-library/react';
import { Observable, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../lib/testing/after-paint.ts';
import type { Notice } from '../api/get-notice-list.ts';
import { NoticeBanner } from '../components/NoticeBanner.tsx';
import { noticesStore } from '../stores/notices-store.ts';

const engine = vi.hoisted(() => ({ engineStream: vi.fn() }));
vi.mock('../../../lib/engine-client.ts', () => engine);

const notice = (id: number, status = 1): Notice => ({
  id,
  title: `Notice ${id}`,
  addtime: '2025-01-01 10:00:00',
  status,
  imgs: '',
  content: `<p>Body ${id}</p><img src="x" onerror="window.__bannerPwned=1"><script>window.__bannerPwned=2</script>`,
});

let feed: Subject<Notice | null>;
let subscribers: number;

beforeEach(() => {
  feed = new Subject();
  subscribers = 0;
  const stream = new Observable<Notice | null>((subscriber) => {
    subscribers++;
    const inner = feed.subscribe(subscriber);
    return () => {
      subscribers--;
      inner.unsubscribe();
    };
  });
  engine.engineStream.mockReset();
  engine.engineStream.mockReturnValue(stream);
});

afterEach(() => {
  noticesStore.readIds = [];
  noticesStore.dismissedIds = [];
});

/** Renders the banner signed in with the switch on, and waits for its poll to start (after the first paint). */
async function renderPolling(): Promise<void> {
  render(<NoticeBanner signedIn unreadSwitch />);
  await afterPaint();
}

describe('NoticeBanner', () => {
  it('polls nothing without a token or with the unread switch off', () => {
    const { rerender } = render(<NoticeBanner signedIn={false} unreadSwitch />);
    expect(subscribers).toBe(0);
    rerender(<NoticeBanner signedIn unreadSwitch={false} />);
    expect(subscribers).toBe(0);
    expect(engine.engineStream).not.toHaveBeenCalled();
  });

  it('subscribes to the notices stream while no banner is shown, once the first frame has painted', async () => {
    render(<NoticeBanner signedIn unreadSwitch />);
    expect(subscribers).toBe(0);
    await afterPaint();
    expect(engine.engineStream).toHaveBeenCalledWith({ kind: 'notices', unreadSwitch: true });
    expect(subscribers).toBe(1);
  });

  it('shows an unread notice sanitized and stops polling while it is shown', async () => {
    (window as { __bannerPwned?: number }).__bannerPwned = 0;
    await renderPolling();
    act(() => feed.next(notice(1)));
    const banner = await screen.findByTestId('notice-banner');
    expect(banner.textContent).toContain('Notice 1');
    expect(screen.getByTestId('notice-banner-content').innerHTML).not.toMatch(/script|onerror/);
    expect((window as { __bannerPwned?: number }).__bannerPwned).toBe(0);
    expect(subscribers).toBe(0);
  });

  it('restarts polling after close, once the frame without the banner has painted, and does not bring the closed notice back', async () => {
    await renderPolling();
    act(() => feed.next(notice(1)));
    fireEvent.click(await screen.findByRole('button', { name: 'Close notice' }));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    // Not inside the tap: subscribing posts to the worker, which the close's answer does not need.
    expect(subscribers).toBe(0);
    await afterPaint();
    expect(subscribers).toBe(1);
    act(() => feed.next(notice(1)));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    act(() => feed.next(notice(2)));
    expect((await screen.findByTestId('notice-banner')).textContent).toContain('Notice 2');
  });

  it('ignores notices that are read on the server or were read here', async () => {
    noticesStore.readIds = [3];
    await renderPolling();
    act(() => feed.next(notice(4, 2)));
    act(() => feed.next(notice(3, 1)));
    act(() => feed.next(null));
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    expect(subscribers).toBe(1);
  });

  it('goes away and polls again once the notice is read elsewhere (the /notify list)', async () => {
    await renderPolling();
    act(() => feed.next(notice(7)));
    expect(await screen.findByTestId('notice-banner')).toBeTruthy();
    // valtio notifies in a microtask, hence the async act.
    await act(async () => {
      noticesStore.readIds = [7];
    });
    expect(screen.queryByTestId('notice-banner')).toBeNull();
    await afterPaint();
    expect(subscribers).toBe(1);
  });

  it('the arrow closes the banner and opens /notify', async () => {
    window.history.replaceState(null, '', '/');
    await renderPolling();
    act(() => feed.next(notice(6)));
    fireEvent.click(await screen.findByRole('button', { name: 'View all messages' }));
    expect(window.location.pathname).toBe('/notify');
    expect(noticesStore.dismissedIds).toContain(6);
  });
});
