/**
 * Replay and recording on a new engine, as the `?replay=` and `?record=1` flags of engine-flags.ts
 * ask, and what became of the replay. engine-client.ts offers the recording to the QA bar.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import type { PageFlags } from './engine-flags.ts';
import type { EngineApi } from './engine-worker.ts';

/** What became of the page's `?replay=` request; null when there is none. */
export type ReplayOutcome = 'loading' | 'playing' | { failed: string };
const replayOutcome = new BehaviorSubject<ReplayOutcome | null>(null);
/** The replay's outcome, so the UI can say when a requested replay could not start. */
export const replayOutcome$: Observable<ReplayOutcome | null> = replayOutcome.asObservable();

/** A replay that cannot start leaves the engine on the live feed, and says so through replayOutcome$. */
async function startReplay(api: EngineApi, url: string, speed: number): Promise<void> {
  replayOutcome.next('loading');
  try {
    await api.startReplay(url, speed);
    replayOutcome.next('playing');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error('[engine-client] replay could not start:', reason);
    replayOutcome.next({ failed: reason });
  }
}

/** Starts what the page's flags ask of a new engine: a replay, a recording. */
export async function startFromFlags(api: EngineApi, flags: Readonly<PageFlags>): Promise<void> {
  if (flags.replay) await startReplay(api, new URL(flags.replay, globalThis.location.href).href, flags.speed);
  if (flags.record) await api.startRecording();
}
