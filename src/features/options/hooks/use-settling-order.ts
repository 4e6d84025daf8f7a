import { NEVER, type Observable } from 'rxjs';
import type { OptionsOrder } from '../../../../common/protocol.ts';
import { engineStream } from '../../../lib/engine-client.ts';
import { useObservable } from '../../../lib/use-observable.ts';

const IDLE = NEVER as Observable<OptionsOrder | null>;

/**
 * Once an order's countdown has ended ("finishing", docs/product-rules.md#options) the engine polls getHyOrderInfo every
 * 5 s; this returns the latest answer, or null before the first one or while `polling` is false.
 */
export function useSettlingOrder(orderId: number, polling: boolean): OptionsOrder | null {
  const source = polling ? (engineStream({ kind: 'optionOrder', orderId }) as Observable<OptionsOrder | null>) : IDLE;
  return useObservable<OptionsOrder | null>(source, null);
}
