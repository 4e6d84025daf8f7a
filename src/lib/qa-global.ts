import type { EngineStats } from '../../workers/market/market-api.ts';
import type { StreamObserver } from './stream-observer.ts';

/** What QA and the bench may ask of the engine from the console (they cannot import the built app's modules). */
export interface QaEngineHandle {
  stats(): Promise<EngineStats>;
  startRecording(): Promise<void>;
  exportRecording(): Promise<string>;
  observe(): Promise<StreamObserver>;
}

/** Puts the engine's QA handle on the page as `globalThis.__marketEngine`. */
export function installQaGlobal(handle: QaEngineHandle): void {
  Object.assign(globalThis, { __marketEngine: handle });
}
