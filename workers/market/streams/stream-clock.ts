/**
 * The clock the slower streams share (docs/architecture.md#one-batch-per-frame): each interval ticks
 * at its multiples since the epoch, and the first flush of a tick sends every pending stream of that
 * interval together, so a screen's book, tape and prices cost the page one render and one layout a
 * tick. A value that comes between ticks waits for the next one; a stream's first value does not.
 */
export class StreamClock {
  private readonly next = new Map<number, number>();

  /** Whether a flush at `now` opens a new tick of `interval` (streams of it may be sent). */
  ticking(interval: number, now: number): boolean {
    return now >= (this.next.get(interval) ?? Number.NEGATIVE_INFINITY);
  }

  /** When the next tick of `interval` opens. */
  nextTick(interval: number): number {
    return this.next.get(interval) ?? Number.NEGATIVE_INFINITY;
  }

  /** A flush at `now` sent the streams of `interval`: its tick is spent. */
  spend(interval: number, now: number): void {
    this.next.set(interval, (Math.floor(now / interval) + 1) * interval);
  }
}
