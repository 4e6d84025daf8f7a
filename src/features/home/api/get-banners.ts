import { api, type ApiResult } from '../../../lib/api-client.ts';

/** A home banner (spec §3). */
export interface Banner {
  id?: number;
  img: string;
}

/** POST /api/index/getBanner: data is the list itself (team brief: "data list"). */
export function getBanners(): Promise<ApiResult<Banner[]>> {
  return api.post<Banner[]>('/index/getBanner', undefined, { quiet: true });
}

let prefetched: Promise<ApiResult<Banner[]>> | null = null;

/** Asks for the banners at start-up, before the home screen has rendered (main.tsx). */
export function prefetchBanners(): void {
  prefetched ??= getBanners();
  // A failure is handled where the banners are taken.
  prefetched.catch(() => {});
}

/** The prefetched answer the first time (then forgotten, so a later visit asks again), else a fresh request. */
export function takeBanners(): Promise<ApiResult<Banner[]>> {
  const answer = prefetched ?? getBanners();
  prefetched = null;
  return answer;
}
