import { api, type ApiResult } from '../../../lib/api-client.ts';

/** docs/product-rules.md#about-us: an about-us page; `content` is HTML, shown sanitized. */
export interface ContentEntry {
  id?: number;
  title: string;
  img: string;
  content: string;
}

/** POST /api/index/getContentList: the about-us entries, in display order. */
export async function getContentList(): Promise<ApiResult<ContentEntry[]>> {
  const result = await api.post<{ list?: ContentEntry[] } | null>('/index/getContentList', undefined, { quiet: true });
  if (!result.ok) return result;
  return { ...result, data: result.data?.list ?? [] };
}
