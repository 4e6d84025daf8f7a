import type { MarketFeed } from './market-feed.ts';

let active: MarketFeed | undefined;

/** The feed plugin makes its feed the process's price source when it starts… */
export function setActiveFeed(feed: MarketFeed): void {
  active = feed;
}

/** …and lets go of it when it closes (unless a newer server took over). */
export function clearActiveFeed(feed: MarketFeed): void {
  if (active === feed) active = undefined;
}

/**
 * Last trade price of `symbol` (HTX id, e.g. `btcusdt`) at `tMs` (epoch ms, default now), as an
 * exact decimal string, from the feed of the server running in this process (simulator or replay).
 * Null when unknown: a symbol the feed does not serve, a time in the future, or a time outside the
 * retained window (48 h of trades; before the simulation, its synthesized minute bars).
 * Code holding the Fastify instance should prefer `fastify.marketPrice`, which is exact even when
 * several servers share one process (tests); this throws when no feed is running.
 */
export function marketPrice(symbol: string, tMs: number = Date.now()): string | null {
  if (!active) throw new Error('market feed not started');
  return active.priceAt(symbol, tMs);
}
