import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../../lib/testing/api-stub.ts';

/** A fresh module each test: the prefetch is module state, as it is once per page load. */
async function banners() {
  vi.resetModules();
  return import('../api/get-banners.ts');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.__earlyBanners = undefined;
});

describe('home banners at start-up', () => {
  it('reads the request index.html sent, and has the list ready for the first render once it arrived', async () => {
    const calls = stubApi({ '/index/getBanner': ok([{ img: '/late.png' }]) });
    window.__earlyBanners = Promise.resolve(new Response(JSON.stringify(ok([{ id: 1, img: '/first.png' }]))));
    const { prefetchBanners, arrivedBanners, takeBanners } = await banners();
    prefetchBanners();
    expect(window.__earlyBanners).toBeUndefined();
    await vi.waitFor(() => expect(arrivedBanners()).toEqual([{ id: 1, img: '/first.png' }]));
    const shown = arrivedBanners();
    expect(await takeBanners()).toBe(shown);
    expect(calls).toHaveLength(0);
    // Taken once: a later visit of home asks again.
    expect(arrivedBanners()).toBeNull();
    expect(await takeBanners()).toEqual([{ img: '/late.png' }]);
    expect(calls).toHaveLength(1);
  });

  it('without an early request asks itself, and a failure shows no banners', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => new Response('gateway down', { status: 502 }));
    vi.stubGlobal('fetch', fetchMock);
    const { prefetchBanners, takeBanners } = await banners();
    prefetchBanners();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await takeBanners()).toEqual([]);
  });
});
