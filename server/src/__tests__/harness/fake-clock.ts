import { vi } from 'vitest';

/**
 * Fakes the intervals and `Date` (and with `timeouts`, the timeouts) until `vi.useRealTimers()`:
 * the feed's ticks, the heartbeats, the replay's next message and the background jobs then happen
 * only when a test moves the clock, so no test waits for them. Sockets and requests stay real. A
 * server started by `startTestApp(env, { fakeClock })` or the feed tests' `startServer(env,
 * { fakeClock })` is faked and given its real timers back by them (startOnFakeClock); a feed built
 * by hand calls this before it starts, and `vi.useRealTimers()` when done (the server's test files
 * share their worker's globals).
 */
export function fakeServerClock({ timeouts = false }: { timeouts?: boolean } = {}): void {
  vi.useFakeTimers({
    toFake: ['setInterval', 'clearInterval', 'Date', ...(timeouts ? (['setTimeout', 'clearTimeout'] as const) : [])],
  });
}

/** A test server's clock: the machine's (false), faked (true: intervals and `Date`), or faked with its timeouts too. */
export type FakeClockOption = boolean | 'with timeouts';

/**
 * Starts a server with `start`, on the faked clock unless `fakeClock` is false; the real timers
 * come back when the server closes, or at once when it fails to start.
 */
export async function startOnFakeClock<T extends { close(): Promise<void> }>(
  fakeClock: FakeClockOption,
  start: () => Promise<T>,
): Promise<T> {
  if (!fakeClock) return start();
  fakeServerClock({ timeouts: fakeClock === 'with timeouts' });
  try {
    const server = await start();
    return {
      ...server,
      async close() {
        try {
          await server.close();
        } finally {
          vi.useRealTimers();
        }
      },
    };
  } catch (error) {
    vi.useRealTimers();
    throw error;
  }
}
