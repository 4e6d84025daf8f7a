import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from './api-client.ts';

export interface Loaded<T> {
  /** The last answer's data; kept while a reload is in the air, cleared when `deps` change. */
  data: T | null;
  /** loading, ready, empty (`isEmpty` said so) or failed: what ListStatus shows (nothing once ready). */
  state: 'loading' | 'ready' | 'empty' | 'failed';
  reload(): void;
  /** Puts a value in place without a request (the answer of a save). */
  set(data: T): void;
}

/**
 * One read call that is not a paged list (a screen's products, balances, a product by id): loaded on
 * mount and whenever `deps` change, again on `reload` (after a submit, a retry). Only the latest
 * request lands, so a quick change of coin never shows the previous coin's answer. A `load` that
 * returns null has nothing to ask yet (no coin chosen): the state stays loading and no request is made.
 */
export function useLoaded<T>(
  load: () => Promise<ApiResult<T>> | null,
  deps: readonly unknown[],
  isEmpty: (data: T) => boolean = () => false,
): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [state, setState] = useState<Loaded<T>['state']>('loading');
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const emptyRef = useRef(isEmpty);
  emptyRef.current = isEmpty;

  const reload = useCallback(() => {
    const request = ++latest.current;
    setState('loading');
    const pending = loadRef.current();
    if (!pending) return;
    pending
      .then((result) => {
        if (request !== latest.current) return;
        if (!result.ok) return setState('failed');
        setData(result.data);
        setState(emptyRef.current(result.data) ? 'empty' : 'ready');
      })
      .catch(() => {
        if (request === latest.current) setState('failed');
      });
  }, []);

  useEffect(() => {
    setData(null);
    reload();
    // The caller names what the data depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  const set = useCallback((value: T) => {
    latest.current += 1;
    setData(value);
    setState('ready');
  }, []);

  return { data, state, reload, set };
}
