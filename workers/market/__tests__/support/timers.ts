/** Fake timers for the engine tests: timers and Date are faked, I/O turns (setImmediate) stay real. */
import { vi } from 'vitest';

export function useEngineTimers(start = Date.UTC(2024, 0, 2, 3, 4, 0)): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(start);
}

/** Lets pending promises (fetch bodies, awaits) run without moving the fake clock. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Moves the fake clock and lets what it woke up finish. */
export async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}
