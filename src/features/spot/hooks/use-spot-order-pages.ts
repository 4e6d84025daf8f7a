import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListState } from '../../../components/ui/ListStatus.tsx';
import { getSpotOrders, SPOT_PAGE_SIZE, type SpotOrderRecord } from '../api/get-spot-orders.ts';

/**
 * Infinite pages of getOrderList for one status and type (page size 10, spec §9); the list ends when
 * a page brings fewer than 10 rows. `refresh` starts again from page 1 (pull-to-refresh).
 */
export function useSpotOrderPages(status: 1 | 2 | 3, type: 0 | 1 | 2) {
  const [rows, setRows] = useState<SpotOrderRecord[]>([]);
  const [state, setState] = useState<ListState>('loading');
  const pageRef = useRef(0);
  const requestRef = useRef(0);

  const load = useCallback(
    async (page: number) => {
      const request = ++requestRef.current;
      setState('loading');
      try {
        const result = await getSpotOrders(type, status, page);
        if (request !== requestRef.current) return;
        if (!result.ok) return setState('failed');
        const list = result.data.list ?? [];
        pageRef.current = page;
        setRows((prev) => (page === 1 ? list : [...prev, ...list.filter((row) => !prev.some((p) => p.id === row.id))]));
        setState(list.length < SPOT_PAGE_SIZE ? (page === 1 && list.length === 0 ? 'empty' : 'end') : 'ready');
      } catch {
        if (request === requestRef.current) setState('failed');
      }
    },
    [status, type],
  );

  useEffect(() => {
    setRows([]);
    void load(1);
  }, [load]);

  return {
    rows,
    state,
    refresh: () => void load(1),
    loadMore: () => {
      if (state === 'ready') void load(pageRef.current + 1);
    },
    retry: () => void load(Math.max(1, pageRef.current + (rows.length > 0 ? 1 : 0))),
    remove: (id: number) => setRows((prev) => prev.filter((row) => row.id !== id)),
  };
}
