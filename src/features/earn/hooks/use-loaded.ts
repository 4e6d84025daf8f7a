import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListState } from '../../../components/ui/ListStatus.tsx';
import type { ApiResult } from '../../../lib/api-client.ts';

export interface Loaded<T> {
  /** The last answer's data; null until one arrived. */
  data: T | null;
  /** loading, ready, empty (`isEmpty` said so) or failed: what ListStatus shows (nothing once ready). */
  state: ListState;
  reload(): void;
}

/**
 * One read that is not a paged list (the products of a screen, a product by id): loaded on mount
 * and when `deps` change, again on `reload`; only the latest request lands.
 */
export function useLoaded<T>(load: () => Promise<ApiResult<T>>, deps: readonly unknown[], isEmpty: (data: T) => boolean = () => false): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [state, setState] = useState<ListState>('loading');
  const request = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const emptyRef = useRef(isEmpty);
  emptyRef.current = isEmpty;

  const run = useCallback(async () => {
    const id = ++request.current;
    setState('loading');
    try {
      const result = await loadRef.current();
      if (id !== request.current) return;
      if (!result.ok) return setState('failed');
      setData(result.data);
      setState(emptyRef.current(result.data) ? 'empty' : 'ready');
    } catch {
      if (id === request.current) setState('failed');
    }
  }, []);

  useEffect(() => {
    void run();
    // The caller names what the read depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return { data, state, reload: () => void run() };
}
