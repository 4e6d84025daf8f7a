import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session.ts';
import { site, type SiteSettings } from '../../lib/site-settings.ts';
import { toasts } from '../../lib/toast.ts';
import { IdleGuard } from '../IdleGuard.tsx';

describe('the idle session guard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 5_000_000 });
    // The logout call fails here (no server); the token must be forgotten all the same.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    site.settings = { idle_timeout_minutes: 2 } as SiteSettings;
    session.token = 'tok';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    site.settings = null;
    session.token = null;
    toasts.items = [];
  });

  const tick = async (ms: number) => {
    await act(async () => {
      vi.advanceTimersByTime(ms);
      await Promise.resolve();
    });
  };

  it('asks after the configured minutes without input and logs out a minute later', async () => {
    render(<IdleGuard />);
    await tick(2 * 60_000 - 1000);
    expect(screen.queryByTestId('idle-dialog')).toBeNull();
    await tick(1000);
    expect(screen.getByTestId('idle-countdown').textContent).toBe('For your security you will be logged out in 60 s.');
    await tick(30_000);
    expect(screen.getByTestId('idle-countdown').textContent).toBe('For your security you will be logged out in 30 s.');
    await tick(30_000);
    expect(session.token).toBeNull();
    expect(screen.queryByTestId('idle-dialog')).toBeNull();
    expect(toasts.items.map((toast) => toast.message)).toContain('You were logged out after 2 min without activity.');
  });

  it('input keeps the session; staying answers the question', async () => {
    render(<IdleGuard />);
    await tick(90_000);
    fireEvent.keyDown(window, { key: 'a' });
    await tick(90_000);
    expect(screen.queryByTestId('idle-dialog')).toBeNull();
    await tick(30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await tick(2 * 60_000 - 1000);
    expect(session.token).toBe('tok');
    expect(screen.queryByTestId('idle-dialog')).toBeNull();
  });

  it("shares the time of input with other tabs once the page is idle, not in the input's own event", async () => {
    render(<IdleGuard />);
    await tick(10_000);
    const before = window.localStorage.getItem('last_activity');
    fireEvent.pointerDown(window);
    // Written in the event, storage would delay the tap's answer (docs/performance.md#tap-latency tap budget).
    expect(window.localStorage.getItem('last_activity')).toBe(before);
    await tick(1);
    expect(window.localStorage.getItem('last_activity')).toBe(String(Date.now() - 1));
  });

  it('does nothing without a token or with the time-out off', async () => {
    site.settings = { idle_timeout_minutes: 0 } as SiteSettings;
    render(<IdleGuard />);
    await tick(60 * 60_000);
    expect(session.token).toBe('tok');
    expect(screen.queryByTestId('idle-dialog')).toBeNull();
  });
});
