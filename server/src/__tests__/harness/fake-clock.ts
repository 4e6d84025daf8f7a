import { vi } from 'vitest';

/**
 * Fakes the intervals and `Date` (and with `timeouts`, the timeouts) until `vi.useRealTimers()`:
 * the feed's ticks, the heartbeats, the replay's next message and the background jobs then happen
 * only when a test moves the clock, so no test waits for them. Sockets and requests stay real. A
 * server started by `startTestApp(env, { fakeClock: true })` or the feed tests'
 * `startServer(env, { fakeClock })` is faked and given its real timers back by them; a feed built
 * by hand calls this before it starts, and `vi.useRealTimers()` when done (the server's test files
 * share their worker's globals).
 */
export function fakeServerClock({ timeouts = false }: { timeouts?: boolean } = {}): void {
  vi.useFakeTimers({
    toFake: ['setInterval', 'clearInterval', 'Date', ...(timeouts ? (['setTimeout', 'clearTimeout'] as const) : [])],
  });
}
