/**
 * The replay a new engine starts when the page asks for one (`?replay=`, engine-flags.ts), and what
 * became of it. Recording is qa-global.ts's.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import type { EngineApi } from './engine-worker.ts';

/** What became of the page's `?replay=` request; null when there is none. */
export type ReplayOutcome = 'loading' | 'playing' | { failed: string };
const replayOutcome = new BehaviorSubject<ReplayOutcome | null>(null);
/** The replay's outcome, so the UI can say when a requested replay could not start. */
export const replayOutcome$: Observable<ReplayOutcome | null> = replayOutcome.asObservable();

/** A replay that cannot start leaves the engine on the live feed, and says so through replayOutcome$. */
export async function startReplay(api: EngineApi, url: string, speed: number): Promise<void> {
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
