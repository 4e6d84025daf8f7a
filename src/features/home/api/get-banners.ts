import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A home banner (docs/product-rules.md#home). */
export interface Banner {
  id?: number;
  img: string;
}

declare global {
  interface Window {
    /** getBanner as index.html sent it while the scripts downloaded (on home only). */
    __earlyBanners?: Promise<Response>;
  }
}

/** POST /api/index/getBanner: data is the list itself (team brief: "data list"); `sent`: the request index.html already sent. */
export function getBanners(sent?: Promise<Response>): Promise<ApiResult<Banner[]>> {
  return api.post<Banner[]>('/index/getBanner', undefined, { quiet: true, sent });
}

/** The banners to show: [] when the call failed. */
const bannerList = (sent?: Promise<Response>): Promise<Banner[]> =>
  getBanners(sent).then(
    (result) => (result.ok && Array.isArray(result.data) ? result.data : []),
    () => [],
  );

let prefetched: Promise<Banner[]> | null = null;
let arrived: Banner[] | null = null;

/**
 * Asks for the banners at start-up, before the home screen has rendered (boot.ts), reading the
 * request index.html already sent when there is one: the first banner is home's largest paint, and
 * the scripts take longest to arrive on a slow network.
 */
export function prefetchBanners(): void {
  if (prefetched) return;
  const sent = window.__earlyBanners;
  window.__earlyBanners = undefined;
  const request = bannerList(sent);
  prefetched = request;
  void request.then((list) => {
    if (prefetched === request) arrived = list;
  });
}

/** The prefetched list when it has already arrived, so the first render can show it; else null. */
export function arrivedBanners(): Banner[] | null {
  return arrived;
}

/** The prefetched list the first time (then forgotten, so a later visit asks again), else a fresh request; [] on failure. */
export function takeBanners(): Promise<Banner[]> {
  const answer = prefetched ?? bannerList();
  prefetched = null;
  arrived = null;
  return answer;
}
