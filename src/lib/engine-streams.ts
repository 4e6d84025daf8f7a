/**
 * Every stream the engine offers, as an RxJS Observable: one engine subscription per subscription,
 * its batch items reduced to the stream's value (workers/shared/stream-reducers.ts).
 */
import { Observable } from 'rxjs';
import type { StreamKey, StreamValue, StreamWire } from '../../workers/shared/protocol.ts';
import { reduceWire } from '../../workers/shared/stream-reducers.ts';
import { addSubscription, dropSubscription, withApi } from './engine-connection.ts';
import { keepsLastKnown, recallValue, rememberValue } from './last-known.ts';
import type { StreamObserver } from './stream-observer.ts';

/** QA only: sees every value a stream hands the UI (set by `observeEngineStreams`, see stream-observer.ts). */
let streamTap: ((key: StreamKey, value: unknown) => void) | undefined;
let observer: Promise<StreamObserver> | undefined;
const streams = new Map<string, Observable<unknown>>();

/** One id per stream: equal keys, whatever their property order, name the same stream. */
export function canonical(key: StreamKey): string {
  const entries = Object.entries(key).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

/**
 * The stream behind `key` as an Observable. Equal keys return the same Observable, so components
 * may call this during render. Each subscription is one subscription in the engine (which shares
 * the socket topic or poll loop behind equal keys); unsubscribing ends it. The pair lists first
 * emit the last list this device saw, if any (`lastKnownAt` tells it from a live one).
 */
export function engineStream<K extends StreamKey>(key: K): Observable<StreamValue<K>> {
  const id = canonical(key);
  let stream = streams.get(id);
  if (!stream) {
    const kept = keepsLastKnown(key);
    stream = new Observable<StreamValue<K>>((subscriber) => {
      let value: StreamValue<K> | undefined;
      // The pair lists start from what the device last saw, marked as such (last-known.ts), until live.
      const lastKnown = kept ? recallValue(id) : undefined;
      if (lastKnown !== undefined) subscriber.next(lastKnown as StreamValue<K>);
      const subId = addSubscription((wire) => {
        value = reduceWire(key, value, wire as StreamWire<K>);
        if (kept) rememberValue(id, value);
        streamTap?.(key, value);
        subscriber.next(value);
      });
      withApi((api) => api.subscribe(subId, key)).catch((error: unknown) => subscriber.error(error));
      return () => {
        dropSubscription(subId);
        void withApi((api) => api.unsubscribe(subId));
      };
    });
    streams.set(id, stream);
  }
  return stream as Observable<StreamValue<K>>;
}

/**
 * QA only (the fault soak): from now on, records what every market stream hands the screens. The
 * observer's module loads on the first call, so no screen's bundle carries it; later calls return
 * the same observer.
 */
export function observeEngineStreams(): Promise<StreamObserver> {
  observer ??= import('./stream-observer.ts').then(({ StreamObserver }) => {
    const created = new StreamObserver();
    streamTap = (key, value) => created.record(key, value);
    return created;
  });
  return observer;
}
