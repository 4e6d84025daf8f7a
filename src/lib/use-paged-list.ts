import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListState } from '../components/ui/ListStatus.tsx';
import type { ApiResult } from './api-client.ts';

/** Rows per page of every list call (docs/product-rules.md#calls-and-answers). */
export const PAGE_SIZE = 10;

/** One page of a list call: docs/product-rules.md#calls-and-answers answers `data.list`. */
export type PageLoader<T> = (page: number) => Promise<ApiResult<{ list?: T[] | null }>>;

export interface PagedList<T> {
  rows: T[];
  state: ListState;
  /** Page 1 again (pull-to-refresh, after an action). */
  refresh(): void;
  /** The next page, if the list has not ended and nothing is loading. */
  loadMore(): void;
  /** Loads again what failed. */
  retry(): void;
  /** Drops a row (an order just cancelled) or puts a changed one in place, without a request. */
  remove(key: string | number): void;
  replace(row: T): void;
}

/**
 * The one infinite list of the app (docs/product-rules.md#calls-and-answers load behaviour): page 1 on mount and whenever `deps`
 * change, the next page on demand, the end when a page brings fewer than 10 rows (or none), rows
 * keyed by `keyOf` so a page that overlaps the last one adds no duplicate. Only the latest request
 * lands: switching a tab while a page is in the air never shows the old tab's rows.
 */
export function usePagedList<T>(
  load: PageLoader<T>,
  deps: readonly unknown[],
  keyOf: (row: T) => string | number,
): PagedList<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [state, setState] = useState<ListState>('loading');
  const pageRef = useRef(0);
  /** The page asked for last: what a retry asks for again. */
  const askedRef = useRef(1);
  const requestRef = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;

  const fetchPage = useCallback(async (page: number) => {
    const request = ++requestRef.current;
    askedRef.current = page;
    setState('loading');
    try {
      const result = await loadRef.current(page);
      if (request !== requestRef.current) return;
      if (!result.ok) return setState('failed');
      const list = result.data?.list ?? [];
      pageRef.current = page;
      setRows((previous) => {
        if (page === 1) return list;
        const seen = new Set(previous.map((row) => keyRef.current(row)));
        return [...previous, ...list.filter((row) => !seen.has(keyRef.current(row)))];
      });
      setState(list.length < PAGE_SIZE ? (page === 1 && list.length === 0 ? 'empty' : 'end') : 'ready');
    } catch {
      if (request === requestRef.current) setState('failed');
    }
  }, []);

  useEffect(() => {
    setRows([]);
    pageRef.current = 0;
    void fetchPage(1);
    // The caller names what the list depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return {
    rows,
    state,
    refresh: () => void fetchPage(1),
    loadMore: () => {
      if (state === 'ready') void fetchPage(pageRef.current + 1);
    },
    retry: () => void fetchPage(askedRef.current),
    remove: (key) => setRows((previous) => previous.filter((row) => keyRef.current(row) !== key)),
    replace: (row) =>
      setRows((previous) => previous.map((old) => (keyRef.current(old) === keyRef.current(row) ? row : old))),
  };
}
