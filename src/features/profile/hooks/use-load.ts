import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../../lib/api-client.ts';

export type LoadState = 'loading' | 'ready' | 'failed';

export interface Loaded<T> {
  data: T | null;
  state: LoadState;
  /** Loads again (after a failure, or after a change the screen made); the data stays shown meanwhile. */
  reload(): void;
  /** Puts a value in place without a request (the answer of a save). */
  set(data: T): void;
}

/**
 * One read a screen needs on mount (the profile, the address book, the cards, the about-us list):
 * loading, ready or failed with a retry. Only the latest request lands.
 */
export function useLoad<T>(load: () => Promise<ApiResult<T>>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(() => {
    const request = ++latest.current;
    setState('loading');
    loadRef
      .current()
      .then((result) => {
        if (request !== latest.current) return;
        if (!result.ok) return setState('failed');
        setData(result.data);
        setState('ready');
      })
      .catch(() => {
        if (request === latest.current) setState('failed');
      });
  }, []);

  useEffect(reload, [reload]);

  const set = useCallback((value: T) => {
    latest.current += 1;
    setData(value);
    setState('ready');
  }, []);

  return { data, state, reload, set };
}
