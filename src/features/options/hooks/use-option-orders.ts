import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListState } from '../../../components/ui/ListStatus.tsx';
import { getOptionOrders, OPTION_PAGE_SIZE, type OptionOrderRecord } from '../api/get-option-orders.ts';

/** The rows loaded so far, tagged with the status (tab) and last page they were loaded for. */
interface LoadedPages {
  status: 1 | 2;
  page: number;
  rows: OptionOrderRecord[];
}

// One shared empty list, so a consumer's effect keyed on `rows` does not fire on every render.
const NO_ROWS: OptionOrderRecord[] = [];

/**
 * Pages of getHyOrderList for one status (page size 10). The list ends when a page brings fewer
 * than 10 rows (docs/product-rules.md#calls-and-answers). `version` reloads from page 1 (after a new order or a settlement).
 * Only the latest request's answer lands: a load started while another is in flight supersedes it
 * (as in the spot order pages), and rows are only ever shown under the status they were loaded for.
 */
export function useOptionOrders(status: 1 | 2, version: number) {
  const [loaded, setLoaded] = useState<LoadedPages>({ status, page: 0, rows: NO_ROWS });
  const [state, setState] = useState<ListState>('loading');
  const requestRef = useRef(0);
  const requestedPageRef = useRef(1);

  const load = useCallback(
    async (page: number) => {
      const request = ++requestRef.current;
      requestedPageRef.current = page;
      setState('loading');
      try {
        const result = await getOptionOrders(status, page);
        if (request !== requestRef.current) return;
        if (!result.ok) return setState('failed');
        const list = result.data.list ?? [];
        setLoaded((prev) => {
          const keep = page > 1 && prev.status === status ? prev.rows : NO_ROWS;
          return {
            status,
            page,
            rows: [...keep, ...list.filter((row) => !keep.some((k) => k.order_id === row.order_id))],
          };
        });
        setState(list.length < OPTION_PAGE_SIZE ? (page === 1 && list.length === 0 ? 'empty' : 'end') : 'ready');
      } catch {
        if (request === requestRef.current) setState('failed');
      }
    },
    [status],
  );

  useEffect(() => {
    setLoaded((prev) => (prev.status === status ? prev : { status, page: 0, rows: NO_ROWS }));
    void load(1);
  }, [load, status, version]);

  const current = loaded.status === status ? loaded : null;
  return {
    rows: current?.rows ?? NO_ROWS,
    state: current ? state : 'loading',
    loadMore: () => {
      if (state === 'ready') void load((current?.page ?? 0) + 1);
    },
    retry: () => void load(requestedPageRef.current),
  };
}
