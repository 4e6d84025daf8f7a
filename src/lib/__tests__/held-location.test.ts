import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldLocation, type PageCode } from '../held-location.ts';

const HOLD_MS = 200;

/** Pages whose code the test sends or fails by hand; `/` has its code from the start. */
function pages() {
  const loaded = new Set(['/']);
  const pending = new Map<string, { resolve(): void; reject(): void }>();
  const code: PageCode = {
    loaded: (path) => loaded.has(path),
    load: (path) =>
      new Promise<void>((resolve, reject) =>
        pending.set(path, {
          resolve: () => (loaded.add(path), resolve()),
          reject: () => reject(new Error(`no code for ${path}`)),
        }),
      ),
  };
  return { code, loaded, pending };
}

/** A browser location the test moves. */
function browser(path = '/', search = '') {
  const at = { path, search };
  return { at, read: () => ({ ...at }) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the location the app shows', () => {
  it('moves at once to a page whose code has come', () => {
    const { code, loaded } = pages();
    loaded.add('/market');
    const where = browser();
    const shown = heldLocation(code, HOLD_MS, where.read);
    const heard = vi.fn();
    shown.subscribe(heard);
    Object.assign(where.at, { path: '/market', search: '?tab=2' });
    shown.follow();
    expect(shown.shown()).toEqual({ path: '/market', search: '?tab=2', held: false });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('keeps the screen on show, marked held, until the next page’s code comes, then moves', async () => {
    const { code, pending } = pages();
    const where = browser();
    const shown = heldLocation(code, HOLD_MS, where.read);
    where.at.path = '/assets';
    shown.follow();
    expect(shown.shown()).toEqual({ path: '/', search: '', held: true });
    await vi.advanceTimersByTimeAsync(HOLD_MS / 2);
    expect(shown.shown().path).toBe('/');
    pending.get('/assets')?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.shown()).toEqual({ path: '/assets', search: '', held: false });
  });

  it('moves after the hold when the code is slower, so the page shows its skeleton', async () => {
    const { code } = pages();
    const where = browser();
    const shown = heldLocation(code, HOLD_MS, where.read);
    where.at.path = '/assets';
    shown.follow();
    await vi.advanceTimersByTimeAsync(HOLD_MS - 1);
    expect(shown.shown().path).toBe('/');
    await vi.advanceTimersByTimeAsync(1);
    expect(shown.shown()).toEqual({ path: '/assets', search: '', held: false });
  });

  it('moves when the load fails, so the page can show its failure', async () => {
    const { code, pending } = pages();
    const where = browser();
    const shown = heldLocation(code, HOLD_MS, where.read);
    where.at.path = '/assets';
    shown.follow();
    pending.get('/assets')?.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.shown()).toEqual({ path: '/assets', search: '', held: false });
  });

  it('drops a held move for a later one: the first page’s code coming late moves nothing', async () => {
    const { code, loaded, pending } = pages();
    const where = browser();
    const shown = heldLocation(code, HOLD_MS, where.read);
    where.at.path = '/assets';
    shown.follow();
    // Back before the code came: the screen on show is where the browser is again.
    where.at.path = '/';
    shown.follow();
    expect(shown.shown()).toEqual({ path: '/', search: '', held: false });
    pending.get('/assets')?.resolve();
    await vi.advanceTimersByTimeAsync(HOLD_MS * 2);
    expect(shown.shown()).toEqual({ path: '/', search: '', held: false });
    expect(loaded.has('/assets')).toBe(true);
  });

  it('tells its listeners only of a change', () => {
    const { code } = pages();
    const where = browser();
    const shown = heldLocation(code, HOLD_MS, where.read);
    const heard = vi.fn();
    const stop = shown.subscribe(heard);
    shown.follow();
    expect(heard).not.toHaveBeenCalled();
    where.at.search = '?q=1';
    shown.follow();
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    where.at.search = '';
    shown.follow();
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
