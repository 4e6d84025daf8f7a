/** How long an identical submit is refused after the first (docs/product-rules.md#calls-and-answers, on the server). */
export const DUPLICATE_WINDOW_MS = 2000;

/**
 * Rejects a second identical submit: a key (user + call + normalized payload) claimed less than
 * `windowMs` ago cannot be claimed again. The route claims before it validates and releases the key
 * when the request is refused, so a corrected retry is never blocked and a refused request shows its
 * own message; an accepted order holds its key for the whole window.
 */
export class DuplicateGuard {
  private readonly claims = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** True when the key was free (and is now held); false when an identical submit is recent or in flight. */
  claim(key: string): boolean {
    const at = this.now();
    for (const [held, since] of this.claims) if (at - since >= this.windowMs) this.claims.delete(held);
    if (this.claims.has(key)) return false;
    this.claims.set(key, at);
    return true;
  }

  release(key: string): void {
    this.claims.delete(key);
  }
}

/** A guard key from the caller, the call and the fields that define the order. */
export function submitKey(userId: number, call: string, fields: Record<string, string>): string {
  const parts = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`);
  return `${userId}|${call}|${parts.join('&')}`;
}
