/**
 * docs/product-rules.md#market-data: the day summary, GET /market/detail?symbol= every 5 s (options chart view), and at once
 * after the socket reopens: a drop may mean the network was gone, polls failed, and the figures on
 * screen are older than the chart that the reconnect has just brought up to date.
 */
import type { DaySummary } from '../../../common/protocol.ts';
import { restBody, summaryFromRest } from '../normalize/market.ts';
import { getText } from '../transport/http.ts';
import type { PollDefinition } from './poll-source.ts';
import type { FeedContext } from './stream-source.ts';

export const DAY_SUMMARY_MS = 5_000;

export function daySummaryPoll(feed: FeedContext, symbol: string): PollDefinition<DaySummary> {
  return {
    name: `daySummary ${symbol}`,
    intervalMs: DAY_SUMMARY_MS,
    enabled: () => true,
    refreshOnReopen: true,
    request: async (ctx, signal) => {
      // A replay has no server behind it.
      if (feed.replaying) return undefined;
      const text = await getText(ctx.fetch, ctx.marketBase, '/market/detail', { symbol }, signal);
      return summaryFromRest(symbol, restBody(text));
    },
  };
}
