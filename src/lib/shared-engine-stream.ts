import { shareReplay, type Observable } from 'rxjs';
import type { StreamKey, StreamValue } from '../../common/protocol.ts';
import { canonical, engineStream } from './engine-client.ts';

/*
 * Apart from engine-client.ts, which the first screen loads: shareReplay brings about 1.6 KiB (gzip)
 * of rxjs with it, and only the trading screens' chunks need it (DESIGN.md §8 initial JavaScript).
 */

const sharedStreams = new Map<string, Observable<unknown>>();

/**
 * `engineStream(key)` behind one engine subscription for every view that reads it (the order book
 * and its depth chart, a screen and its pair list): the first view starts it, later ones get the
 * latest value at once, the last one to leave ends it. Views read the same value and never write it.
 */
export function sharedEngineStream<K extends StreamKey>(key: K): Observable<StreamValue<K>> {
  const id = canonical(key);
  let stream = sharedStreams.get(id);
  if (!stream) {
    stream = engineStream(key).pipe(shareReplay({ bufferSize: 1, refCount: true }));
    sharedStreams.set(id, stream);
  }
  return stream as Observable<StreamValue<K>>;
}
