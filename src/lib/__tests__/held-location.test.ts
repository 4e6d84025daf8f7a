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

/**
 * The location the app shows, started on `/` over pages() and a browser location; `moveTo` moves the
 * browser there and tells it, as the history events do.
 */
function onHome() {
  const { code, loaded, pending } = pages();
  const at = { path: '/', search: '' };
  const shown = heldLocation(code, HOLD_MS, () => ({ ...at }));
  const moveTo = (path: string, search = '') => {
    Object.assign(at, { path, search });
    shown.follow();
  };
  return { shown, moveTo, loaded, pending };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the location the app shows', () => {
  it('moves at once to a page whose code has come', () => {
    const { shown, moveTo, loaded } = onHome();
    loaded.add('/market');
    const heard = vi.fn();
    shown.subscribe(heard);
    moveTo('/market', '?tab=2');
    expect(shown.shown()).toEqual({ path: '/market', search: '?tab=2', held: false });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('keeps the screen on show, marked held, until the next page’s code comes, then moves', async () => {
    const { shown, moveTo, pending } = onHome();
    moveTo('/assets');
    expect(shown.shown()).toEqual({ path: '/', search: '', held: true });
    await vi.advanceTimersByTimeAsync(HOLD_MS / 2);
    expect(shown.shown().path).toBe('/');
    pending.get('/assets')?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.shown()).toEqual({ path: '/assets', search: '', held: false });
  });

  it('moves after the hold when the code is slower, so the page shows its skeleton', async () => {
    const { shown, moveTo } = onHome();
    moveTo('/assets');
    await vi.advanceTimersByTimeAsync(HOLD_MS - 1);
    expect(shown.shown().path).toBe('/');
    await vi.advanceTimersByTimeAsync(1);
    expect(shown.shown()).toEqual({ path: '/assets', search: '', held: false });
  });

  it('moves when the load fails, so the page can show its failure', async () => {
    const { shown, moveTo, pending } = onHome();
    moveTo('/assets');
    pending.get('/assets')?.reject();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.shown()).toEqual({ path: '/assets', search: '', held: false });
  });

  it('drops a held move for a later one: the first page’s code coming late moves nothing', async () => {
    const { shown, moveTo, loaded, pending } = onHome();
    moveTo('/assets');
    // Back before the code came: the screen on show is where the browser is again.
    moveTo('/');
    expect(shown.shown()).toEqual({ path: '/', search: '', held: false });
    pending.get('/assets')?.resolve();
    await vi.advanceTimersByTimeAsync(HOLD_MS * 2);
    expect(shown.shown()).toEqual({ path: '/', search: '', held: false });
    expect(loaded.has('/assets')).toBe(true);
  });

  it('tells its listeners only of a change', () => {
    const { shown, moveTo } = onHome();
    const heard = vi.fn();
    const stop = shown.subscribe(heard);
    moveTo('/');
    expect(heard).not.toHaveBeenCalled();
    moveTo('/', '?q=1');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    moveTo('/');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
