import {
  encodeBar,
  encodeBbo,
  encodeDepth,
  encodeDetail,
  encodeMbpSnapshot,
  encodeTicker,
  encodeTrade,
} from './encode.ts';
import { depthLevels, type Topic } from './topics.ts';
import type { Bar, MarketData, Trade } from './types.ts';

/** Defaults of a kline `req` without (numeric) from/to, per the HTX docs. */
const DEFAULT_FROM = 1501174800;
const DEFAULT_TO = 2556115200;
/** At most this many bars or trades per `req` answer. */
export const REQ_MAX_ITEMS = 300;

export interface ReqParams {
  from?: unknown;
  to?: unknown;
}

/** First index of `bars` whose id is >= `id`. */
function lowerBound(bars: readonly Bar[], id: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid] as Bar).id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The `data` of a `req` answer as JSON text, or undefined when the source has nothing for it.
 * kline: bars with from <= id <= to (epoch seconds; only JSON numbers count, strings are ignored as
 * on HTX), ascending, the latest 300 of that range. trade.detail: the latest 300 trades, newest first.
 */
export function answerReq(data: MarketData, topic: Topic, params: ReqParams, nowMs: number): string | undefined {
  switch (topic.kind) {
    case 'kline': {
      const bars = data.bars(topic.symbol, topic.period);
      if (!bars) return undefined;
      const from = typeof params.from === 'number' && Number.isFinite(params.from) ? params.from : DEFAULT_FROM;
      const to = typeof params.to === 'number' && Number.isFinite(params.to) ? params.to : DEFAULT_TO;
      const end = lowerBound(bars, Math.floor(to) + 1);
      const start = Math.max(lowerBound(bars, Math.ceil(from)), end - REQ_MAX_ITEMS);
      const out: string[] = [];
      for (let i = start; i < end; i++) out.push(encodeBar(bars[i] as Bar));
      return `[${out.join(',')}]`;
    }
    case 'trade': {
      const groups = data.tradeGroups(topic.symbol, nowMs);
      const trades: Trade[] = [];
      for (let g = groups.length - 1; g >= 0 && trades.length < REQ_MAX_ITEMS; g--) {
        for (const trade of groups[g]?.data ?? []) {
          if (trades.length >= REQ_MAX_ITEMS) break;
          trades.push(trade);
        }
      }
      return `[${trades.map((t) => encodeTrade(t)).join(',')}]`;
    }
    case 'depth': {
      const tick = data.depth(topic.symbol, topic.step, depthLevels(topic.step), nowMs);
      return tick && encodeDepth(tick);
    }
    case 'mbp': {
      const snapshot = data.mbpSnapshot(topic.symbol, topic.levels);
      return snapshot && encodeMbpSnapshot(snapshot);
    }
    case 'detail': {
      const tick = data.detail(topic.symbol, nowMs);
      return tick && encodeDetail(tick);
    }
    case 'bbo': {
      const tick = data.bbo(topic.symbol, nowMs);
      return tick && encodeBbo(tick);
    }
    case 'ticker': {
      const tick = data.ticker(topic.symbol, nowMs);
      return tick && encodeTicker(tick);
    }
  }
}
