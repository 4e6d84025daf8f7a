/**
 * Every stream the engine offers, as an RxJS Observable: one engine subscription per stream while
 * anyone reads it, its batch items reduced to the stream's value (common/stream-reducers.ts).
 */
import { Observable, Subject } from 'rxjs';
import type { StreamKey, StreamValue, StreamWire } from '../../common/protocol.ts';
import { reduceWire } from '../../common/stream-reducers.ts';
import { subscriptionHandlers, withApi } from './engine-connection.ts';
import { keepsLastKnown, recallValue, rememberValue } from './last-known.ts';
import type { StreamObserver } from './stream-observer.ts';

/** QA only: sees every value a stream hands the UI (set by `observeEngineStreams`, see stream-observer.ts). */
let streamTap: ((key: StreamKey, value: unknown) => void) | undefined;
let observer: Promise<StreamObserver> | undefined;
let nextSubId = 1;
const streams = new Map<string, Observable<unknown>>();

/** One id per stream: equal keys, whatever their property order, name the same stream. */
export function canonical(key: StreamKey): string {
  const entries = Object.entries(key).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

/**
 * The stream behind `key` as an Observable. Equal keys return the same Observable, so components
 * may call this during render. All its subscribers share one subscription in the engine: the first
 * starts it, a later one gets the latest value at once, the last to leave ends it (the order book
 * and its depth chart, a screen and its pair list read the same value and never write it). The pair
 * lists first emit the last list this device saw, if any (`lastKnownAt` tells it from a live one).
 */
export function engineStream<K extends StreamKey>(key: K): Observable<StreamValue<K>> {
  const id = canonical(key);
  let stream = streams.get(id);
  if (!stream) {
    stream = sharedStream(key, id);
    streams.set(id, stream);
  }
  return stream as Observable<StreamValue<K>>;
}

function sharedStream<K extends StreamKey>(key: K, id: string): Observable<StreamValue<K>> {
  const kept = keepsLastKnown(key);
  // While anyone reads the stream: its readers, the engine subscription's id, the value last handed out.
  let readers: Subject<StreamValue<K>> | null = null;
  let subId = 0;
  let latest: { value: StreamValue<K> } | null = null;
  return new Observable<StreamValue<K>>((subscriber) => {
    if (!readers) {
      const own = (readers = new Subject<StreamValue<K>>());
      let value: StreamValue<K> | undefined;
      // The pair lists start from what the device last saw, marked as such (last-known.ts), until live.
      const lastKnown = kept ? recallValue(id) : undefined;
      if (lastKnown !== undefined) latest = { value: lastKnown as StreamValue<K> };
      const ownId = (subId = nextSubId++);
      subscriptionHandlers.set(ownId, (wire) => {
        value = reduceWire(key, value, wire as StreamWire<K>);
        if (kept) rememberValue(id, value);
        streamTap?.(key, value);
        latest = { value };
        own.next(value);
      });
      // Every reader hears of a failure; the last one leaving ends the subscription, so the next reader starts afresh.
      withApi((api) => api.subscribe(ownId, key)).catch((error: unknown) => own.error(error));
    }
    if (latest) subscriber.next(latest.value);
    const reading = readers.subscribe(subscriber);
    return () => {
      reading.unsubscribe();
      if (!readers || readers.observed) return;
      const ownId = subId;
      readers = null;
      latest = null;
      subscriptionHandlers.delete(ownId);
      void withApi((api) => api.unsubscribe(ownId));
    };
  });
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
