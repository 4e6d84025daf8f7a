import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../api-client.ts';
import { usePagedList } from '../use-paged-list.ts';

type Row = { id: number };
type Answer = ApiResult<{ list: Row[] }>;

/** A loader whose answers the test releases by hand, in any order. */
function manualLoader() {
  const calls: { page: number; tab: string; resolve(answer: Answer): void }[] = [];
  const load = (tab: string) => (page: number) => new Promise<Answer>((resolve) => calls.push({ page, tab, resolve }));
  return { calls, load };
}

const rows = (from: number, count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: from + i }));
const ok = (list: Row[]): Answer => ({ ok: true, data: { list }, msg: '' });

describe('usePagedList', () => {
  it('loads page 1, then the next page on demand, and ends on a page of fewer than 10 rows', async () => {
    const { calls, load } = manualLoader();
    const { result } = renderHook(() => usePagedList(load('a'), ['a'], (row) => row.id));
    expect(result.current.state).toBe('loading');
    await act(async () => calls[0]!.resolve(ok(rows(1, 10))));
    expect(result.current.state).toBe('ready');
    act(() => result.current.loadMore());
    expect(calls[1]!.page).toBe(2);
    // The second page overlaps the first by one row (a new record arrived): no duplicate.
    await act(async () => calls[1]!.resolve(ok(rows(10, 4))));
    expect(result.current.rows.map((r) => r.id)).toEqual(rows(1, 13).map((r) => r.id));
    expect(result.current.state).toBe('end');
    act(() => result.current.loadMore());
    expect(calls).toHaveLength(2);
  });

  it('says empty for a first page with no rows, and failed (with a retry of the same page) for a refused one', async () => {
    const { calls, load } = manualLoader();
    const { result } = renderHook(() => usePagedList(load('a'), ['a'], (row) => row.id));
    await act(async () => calls[0]!.resolve({ ok: false, code: 0, msg: 'no' }));
    expect(result.current.state).toBe('failed');
    act(() => result.current.retry());
    expect(calls[1]!.page).toBe(1);
    await act(async () => calls[1]!.resolve(ok([])));
    expect(result.current.state).toBe('empty');
  });

  it('lets only the latest request land when the tab changes while a page is in the air', async () => {
    const { calls, load } = manualLoader();
    const { result, rerender } = renderHook(({ tab }) => usePagedList(load(tab), [tab], (row) => row.id), {
      initialProps: { tab: 'open' },
    });
    rerender({ tab: 'done' });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]!.resolve(ok(rows(100, 2))));
    await act(async () => calls[0]!.resolve(ok(rows(1, 10))));
    expect(result.current.rows.map((r) => r.id)).toEqual([100, 101]);
    expect(result.current.state).toBe('end');
  });

  it('removes and replaces rows without a request', async () => {
    const { calls, load } = manualLoader();
    const { result } = renderHook(() =>
      usePagedList<{ id: number; v?: string }>(load('a') as never, ['a'], (row) => row.id),
    );
    await act(async () => calls[0]!.resolve(ok(rows(1, 3))));
    act(() => result.current.remove(2));
    act(() => result.current.replace({ id: 3, v: 'new' }));
    expect(result.current.rows).toEqual([{ id: 1 }, { id: 3, v: 'new' }]);
    expect(calls).toHaveLength(1);
  });
});
