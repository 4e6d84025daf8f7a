import { useMemo, useRef, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of an Observable as React state, through useSyncExternalStore (so concurrent
 * renders never tear). Returns `initial` until the first value. Pass a stable Observable (e.g. from
 * `engineStream`, which returns the same one for equal keys): a new one resubscribes.
 */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const initialRef = useRef(initial);
  const store = useMemo(() => {
    let value = initialRef.current;
    return {
      subscribe(onChange: () => void): () => void {
        const subscription = source$.subscribe({
          next(next) {
            value = next;
            onChange();
          },
          error(error: unknown) {
            console.error('[useObservable]', error);
          },
        });
        return () => subscription.unsubscribe();
      },
      read: (): T => value,
    };
  }, [source$]);
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}
