import { useMemo } from 'react';
import { engineStream } from '../../../lib/engine-client.ts';
import { useObservable } from '../../../lib/use-observable.ts';
import type { Notice } from '../api/get-notice-list.ts';

/**
 * The newest notice from the worker's 10 s poll (docs/product-rules.md#notices: page 1, limit 1, only with a token and
 * the unread switch on). Subscribing starts the poll; unmounting the caller stops it.
 */
export function useLatestNotice(unreadSwitch: boolean): Notice | null {
  const stream$ = useMemo(() => engineStream({ kind: 'notices', unreadSwitch }), [unreadSwitch]);
  return useObservable(stream$, null);
}
