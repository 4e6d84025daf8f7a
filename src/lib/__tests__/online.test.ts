import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnline, watchedFetch } from '../online.ts';

describe('whether the server can be reached', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a request failing for want of a network means offline, until any answer arrives; an abort says nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(watchedFetch('/api/x')).rejects.toThrow('Failed to fetch');
    expect(isOnline()).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(watchedFetch('/api/x')).rejects.toThrow('aborted');
    expect(isOnline()).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))),
    );
    await watchedFetch('/api/x');
    expect(isOnline()).toBe(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(watchedFetch('/api/x')).rejects.toThrow('aborted');
    expect(isOnline()).toBe(true);
  });

  it('follows the browser when it says there is no network', () => {
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOnline()).toBe(false);
    spy.mockRestore();
    expect(isOnline()).toBe(true);
  });
});
