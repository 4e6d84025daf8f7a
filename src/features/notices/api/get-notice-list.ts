import type { Notice } from '../../../../common/protocol.ts';
import { api, type ApiResult } from '../../../lib/api-client.ts';

export type { Notice };

/** Page size of every list (docs/product-rules.md#notices). */
export const NOTICE_PAGE_SIZE = 10;

/** POST /api/User/getNoticeList, list variant: page and limit 10, newest first. */
export interface NoticeListInput {
  page: number;
  limit?: number;
}

export interface NoticeListOutput {
  list: Notice[];
  total: number;
}

export function getNoticeList(input: NoticeListInput): Promise<ApiResult<NoticeListOutput>> {
  return api.post<NoticeListOutput>('/User/getNoticeList', {
    page: input.page,
    limit: input.limit ?? NOTICE_PAGE_SIZE,
  });
}

/**
 * The single-notice variant (id, page 1, limit 1): fetches one notice; the reference server also
 * records it as read for the account, so other devices stop showing it as unread.
 */
export function getNotice(id: number): Promise<ApiResult<NoticeListOutput>> {
  return api.post<NoticeListOutput>('/User/getNoticeList', { id, page: 1, limit: 1 }, { quiet: true });
}
