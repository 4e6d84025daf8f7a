/**
 * One-shot market REST request of the settlement Verify view: the feed's one-minute bar
 * holding an instant, from GET /market/history/kline. HTX serves only the newest 2000 bars, so an
 * instant further back than that cannot be looked up any more.
 */
import type { Candle } from '../../../common/protocol.ts';
import { candlesFromRest, restBody } from '../normalize/market.ts';
import { getText, type FetchLike } from '../transport/http.ts';

/** Protocol §7: `size` is 1..2000. */
const MAX_REST_BARS = 2000;
/** Bars asked beyond the minutes counted, for a device clock a little behind the feed's. */
const CLOCK_MARGIN_BARS = 3;

/** Bars to ask for so the newest `size` include the minute of `tsMs`; null when that is beyond what REST serves. */
export function minuteBarRequestSize(tsMs: number, nowMs: number): number | null {
  const minutes = Math.floor(nowMs / 60_000) - Math.floor(tsMs / 60_000);
  const size = Math.max(0, minutes) + 1 + CLOCK_MARGIN_BARS;
  return size > MAX_REST_BARS ? null : size;
}

/**
 * The 1min bar of `symbol` whose minute holds `tsMs`, or null when the feed no longer serves that
 * minute (too old) or has no bar for it. Network and protocol failures reject.
 */
export async function fetchMinuteBar(
  fetchFn: FetchLike,
  marketBase: string,
  symbol: string,
  tsMs: number,
  nowMs: number,
): Promise<Candle | null> {
  const size = minuteBarRequestSize(tsMs, nowMs);
  if (size === null) return null;
  const text = await getText(
    fetchFn,
    marketBase,
    '/market/history/kline',
    { symbol, period: '1min', size },
    AbortSignal.timeout(15_000),
  );
  const minute = Math.floor(tsMs / 60_000) * 60;
  return candlesFromRest(restBody(text)).find((bar) => bar.time === minute) ?? null;
}
