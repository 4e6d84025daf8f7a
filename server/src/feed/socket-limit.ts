/**
 * How many market sockets each client holds (FEED_MAX_SOCKETS_PER_IP), so that one address cannot
 * take the feed's memory and CPU from everyone else. Keys come from http/client-address.ts.
 */
export class SocketLimit {
  private readonly held = new Map<string, number>();

  /** `max` sockets per key; 0 means no limit. */
  constructor(readonly max: number) {}

  /**
   * Takes a place for `key` and returns the function that gives it back (once, however often it is
   * called), or undefined when `key` already holds `max` sockets.
   */
  take(key: string): (() => void) | undefined {
    const count = this.held.get(key) ?? 0;
    if (this.max > 0 && count >= this.max) return undefined;
    this.held.set(key, count + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }

  /** Sockets `key` holds now. */
  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}
