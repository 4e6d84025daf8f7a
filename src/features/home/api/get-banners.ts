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
