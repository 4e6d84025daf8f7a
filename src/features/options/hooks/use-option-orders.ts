import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListState } from '../../../components/ui/ListStatus.tsx';
import { getOptionOrders, OPTION_PAGE_SIZE, type OptionOrderRecord } from '../api/get-option-orders.ts';

/**
 * Pages of getHyOrderList for one status (page size 10). The list ends when a page brings fewer
 * than 10 rows (spec §8). `version` reloads from page 1 (after a new order or a settlement).
 */
export function useOptionOrders(status: 1 | 2, version: number) {
  const [rows, setRows] = useState<OptionOrderRecord[]>([]);
  const [state, setState] = useState<ListState>('loading');
  const pageRef = useRef(0);
  const loadingRef = useRef(false);

  const load = useCallback(
    async (page: number) => {
      if (loadingRef.current) return;
      loadingRef.current = true;
      setState('loading');
      try {
        const result = await getOptionOrders(status, page);
        if (!result.ok) return setState('failed');
        const list = result.data.list ?? [];
        pageRef.current = page;
        setRows((prev) => (page === 1 ? list : [...prev, ...list]));
        setState(list.length < OPTION_PAGE_SIZE ? (page === 1 && list.length === 0 ? 'empty' : 'end') : 'ready');
      } catch {
        setState('failed');
      } finally {
        loadingRef.current = false;
      }
    },
    [status],
  );

  useEffect(() => {
    void load(1);
  }, [load, version]);

  return { rows, state, loadMore: () => void load(pageRef.current + 1), retry: () => void load(pageRef.current + 1 || 1) };
}
