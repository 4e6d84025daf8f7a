import { proxy } from 'valtio';
import type { ListState } from '../../../components/ui/ListStatus.tsx';
import { loadIdSet, saveIdSet } from '../../../lib/client-storage.ts';
import { getNotice, getNoticeList, NOTICE_PAGE_SIZE, type Notice } from '../api/get-notice-list.ts';

const READ_KEY = 'notice_read_ids';
const DISMISSED_KEY = 'notice_banner_dismissed_ids';

/**
 * Notices: the paged list of /notify, the ids read locally (docs/product-rules.md#notices: status 1 becomes 2 after
 * opening, persisted in local storage) and the ids whose shell banner was closed.
 */
export const noticesStore = proxy({
  items: [] as Notice[],
  page: 0,
  state: 'ready' as ListState,
  readIds: [] as number[],
  dismissedIds: [] as number[],
});

/** Loads the persisted read and dismissed ids (call once at start). */
export function initNoticeMarks(): void {
  noticesStore.readIds = [...loadIdSet(READ_KEY)];
  noticesStore.dismissedIds = [...loadIdSet(DISMISSED_KEY)];
}

export function isNoticeRead(notice: Pick<Notice, 'id' | 'status'>, readIds: readonly number[]): boolean {
  return notice.status !== 1 || readIds.includes(notice.id);
}

/** The banner shows a notice that is unread (status 1, not read here) and was not closed before. */
export function shouldShowBanner(
  notice: Pick<Notice, 'id' | 'status'> | null,
  readIds: readonly number[],
  dismissedIds: readonly number[],
): boolean {
  return notice !== null && !isNoticeRead(notice, readIds) && !dismissedIds.includes(notice.id);
}

/** Marks a notice read locally and tells the server through the single-notice call (best effort). */
export function markNoticeRead(id: number): void {
  if (!noticesStore.readIds.includes(id)) {
    noticesStore.readIds = [...noticesStore.readIds, id];
    saveIdSet(READ_KEY, new Set(noticesStore.readIds));
  }
  noticesStore.items = noticesStore.items.map((n) => (n.id === id ? { ...n, status: 2 } : n));
  getNotice(id).catch(() => undefined);
}

/** Remembers that the banner for this notice was closed, so the next poll does not bring it back. */
export function dismissBanner(id: number): void {
  if (noticesStore.dismissedIds.includes(id)) return;
  noticesStore.dismissedIds = [...noticesStore.dismissedIds, id];
  saveIdSet(DISMISSED_KEY, new Set(noticesStore.dismissedIds));
}

let loading = false;
/** Bumped by resetNotices so an answer to a request made before the reset is dropped. */
let generation = 0;

/** Loads the next page; the list ends when a page brings fewer than 10 rows (docs/product-rules.md#calls-and-answers). */
export async function loadMoreNotices(): Promise<void> {
  if (loading || noticesStore.state === 'end' || noticesStore.state === 'empty') return;
  loading = true;
  noticesStore.state = 'loading';
  const page = noticesStore.page + 1;
  const started = generation;
  try {
    const result = await getNoticeList({ page });
    if (started !== generation) return;
    if (!result.ok) {
      noticesStore.state = 'failed';
      return;
    }
    const rows = result.data?.list ?? [];
    const known = new Set(noticesStore.items.map((n) => n.id));
    noticesStore.items = [...noticesStore.items, ...rows.filter((n) => !known.has(n.id))];
    noticesStore.page = page;
    if (rows.length < NOTICE_PAGE_SIZE) noticesStore.state = noticesStore.items.length === 0 ? 'empty' : 'end';
    else noticesStore.state = 'ready';
  } catch {
    if (started === generation) noticesStore.state = 'failed';
  } finally {
    loading = false;
  }
}

/** Starts the list again from page 1. */
export function resetNotices(): void {
  generation++;
  loading = false;
  noticesStore.items = [];
  noticesStore.page = 0;
  noticesStore.state = 'ready';
}
