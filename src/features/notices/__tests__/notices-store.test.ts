import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissBanner,
  initNoticeMarks,
  isNoticeRead,
  loadMoreNotices,
  markNoticeRead,
  noticesStore,
  resetNotices,
  shouldShowBanner,
} from '../stores/notices-store.ts';

const notice = (id: number, status = 1) => ({
  id,
  title: `n${id}`,
  addtime: '2025-01-01 10:00:00',
  status,
  imgs: '',
  content: '<p>x</p>',
});

function answer(list: unknown[]) {
  return new Response(JSON.stringify({ code: 1, msg: '', data: { list, total: 99 } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetNotices();
  noticesStore.readIds = [];
  noticesStore.dismissedIds = [];
});

describe('read state', () => {
  it('a notice is read when the server says 2 or it was opened here', () => {
    expect(isNoticeRead(notice(1, 2), [])).toBe(true);
    expect(isNoticeRead(notice(1, 1), [])).toBe(false);
    expect(isNoticeRead(notice(1, 1), [1])).toBe(true);
  });

  it('the banner shows an unread notice that was neither read nor closed here', () => {
    expect(shouldShowBanner(null, [], [])).toBe(false);
    expect(shouldShowBanner(notice(4), [], [])).toBe(true);
    expect(shouldShowBanner(notice(4, 2), [], [])).toBe(false);
    expect(shouldShowBanner(notice(4), [4], [])).toBe(false);
    expect(shouldShowBanner(notice(4), [], [4])).toBe(false);
  });

  it('opening marks it read locally, persists it and tells the server with the single-notice call', async () => {
    const fetchMock = vi.fn(async () => answer([notice(9, 2)]));
    vi.stubGlobal('fetch', fetchMock);
    noticesStore.items = [notice(9), notice(8)];
    markNoticeRead(9);
    expect(noticesStore.items.map((n) => n.status)).toEqual([2, 1]);
    expect(JSON.parse(window.localStorage.getItem('notice_read_ids')!)).toEqual([9]);
    noticesStore.readIds = [];
    initNoticeMarks();
    expect(noticesStore.readIds).toEqual([9]);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(init.body)).toBe('id=9&page=1&limit=1');
  });

  it('closing the banner is remembered across visits', () => {
    dismissBanner(5);
    noticesStore.dismissedIds = [];
    initNoticeMarks();
    expect(noticesStore.dismissedIds).toEqual([5]);
  });
});

describe('paged list', () => {
  it('loads pages of 10 and ends on a short page', async () => {
    const pages = [Array.from({ length: 10 }, (_, i) => notice(100 - i)), [notice(90), notice(89)]];
    const fetchMock = vi.fn(async () => answer(pages.shift() ?? []));
    vi.stubGlobal('fetch', fetchMock);
    await loadMoreNotices();
    expect(noticesStore.items).toHaveLength(10);
    expect(noticesStore.state).toBe('ready');
    await loadMoreNotices();
    expect(noticesStore.items).toHaveLength(12);
    expect(noticesStore.state).toBe('end');
    await loadMoreNotices();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const bodies = fetchMock.mock.calls.map((c) => String((c as unknown as [string, RequestInit])[1].body));
    expect(bodies).toEqual(['page=1&limit=10', 'page=2&limit=10']);
  });

  it('says empty when the first page has no rows, failed when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer([])),
    );
    await loadMoreNotices();
    expect(noticesStore.state).toBe('empty');
    resetNotices();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'broken', data: null }))),
    );
    await loadMoreNotices();
    expect(noticesStore.state).toBe('failed');
  });
});
