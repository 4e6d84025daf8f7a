/**
 * At most `max` calls per `windowMs` for one key (a user), counted over a sliding window: the limit
 * of the receiver search, so usernames cannot be harvested by trying names in bulk. Held in memory:
 * a restart forgets it, which costs an attacker a restart they do not control.
 */
export class SlidingWindowLimit {
  private readonly calls = new Map<number, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts a call of `key`: 0 when it is allowed, else the whole seconds until the next one is. */
  take(key: number): number {
    const at = this.now();
    const since = at - this.windowMs;
    if (this.calls.size > 10_000)
      for (const [other, times] of this.calls) if ((times.at(-1) ?? 0) <= since) this.calls.delete(other);
    const recent = (this.calls.get(key) ?? []).filter((time) => time > since);
    if (recent.length >= this.max) {
      this.calls.set(key, recent);
      return Math.max(1, Math.ceil(((recent[0] as number) + this.windowMs - at) / 1000));
    }
    recent.push(at);
    this.calls.set(key, recent);
    return 0;
  }
}
