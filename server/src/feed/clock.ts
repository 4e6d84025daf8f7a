/** Where the feed reads the time, so tests can drive the simulator without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  constructor(private ms: number) {}

  now(): number {
    return this.ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}

/**
 * The system time plus an offset that only grows: the clock a server with TEST_ROUTES runs on, so
 * a test reaches a settlement, an accrual or an expiry by moving it (POST /__test/clock) instead of
 * waiting. A production server never builds one: it runs on `systemClock`.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock = systemClock) {}

  now(): number {
    return this.base.now() + this.offsetMs;
  }

  /** Moves the clock forward by `ms` (never back: time the server has acted on stays past). */
  advance(ms: number): number {
    if (!(Number.isFinite(ms) && ms >= 0)) throw new RangeError('a clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }
}
