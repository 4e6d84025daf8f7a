/**
 * The app-API poll loops of docs/product-rules.md#market-data, as stream definitions. Answers are read as
 * the server sends them (money arrives as decimal strings, so JSON.parse loses nothing). The day
 * summary, a market REST poll, lives with the market feed (day-summary.ts).
 */
import type {
  MarketBalance,
  MarketItem,
  Notice,
  OptionsOrder,
  Session,
  SpotOrder,
  StreamKey,
} from '../../../common/protocol.ts';
import { marketItemsFrom } from '../normalize/market.ts';
import { API_SESSION_EXPIRED, postApi, type Form } from '../transport/http.ts';
import type { PollDefinition } from './poll-source.ts';
import type { EngineContext } from './stream-source.ts';

/** docs/product-rules.md#market-data intervals. */
export const POLL_MS = {
  homeMarkets: 10_000,
  markets: 10_000,
  spot: 1_000,
  optionPairs: 2_500,
  notices: 10_000,
  optionOrder: 5_000,
} as const;

const always = (): boolean => true;
const withToken = (session: Session): boolean => session.token !== null && session.token !== '';

/** One API call; a 401 is reported to the sessionExpired stream, other failures are logged. */
async function api<T>(ctx: EngineContext, path: string, form: Form, signal: AbortSignal): Promise<T | undefined> {
  const result = await postApi<T>(ctx.fetch, ctx.apiBase, path, form, ctx.session, signal);
  if (result.ok) return result.data;
  if (result.code === API_SESSION_EXPIRED) ctx.sessionExpired(result.msg);
  else console.warn(`[market] ${path} answered code ${result.code}: ${result.msg}`);
  return undefined;
}

/** `data.list` of an answer, or an empty list when the server sent none. */
async function apiList<T>(ctx: EngineContext, path: string, form: Form, signal: AbortSignal): Promise<T[] | undefined> {
  const data = await api<{ list?: T[] } | null>(ctx, path, form, signal);
  if (data === undefined) return undefined;
  return Array.isArray(data?.list) ? data.list : [];
}

/** A market-list answer's items, normalized (the precisions are checked; see marketItemsFrom). */
async function marketList(
  ctx: EngineContext,
  path: string,
  form: Form,
  signal: AbortSignal,
): Promise<MarketItem[] | undefined> {
  const list = await apiList<unknown>(ctx, path, form, signal);
  return list === undefined ? undefined : marketItemsFrom(list);
}

type PollKey = Extract<
  StreamKey,
  { kind: 'notices' | 'homeMarkets' | 'markets' | 'optionPairs' | 'spotBalance' | 'spotOrders' | 'optionOrder' }
>;

/** True for keys served by a poll loop. */
export function isPollKey(key: StreamKey): key is PollKey {
  return (
    key.kind === 'notices' ||
    key.kind === 'homeMarkets' ||
    key.kind === 'markets' ||
    key.kind === 'optionPairs' ||
    key.kind === 'spotBalance' ||
    key.kind === 'spotOrders' ||
    key.kind === 'optionOrder'
  );
}

/** The poll loop behind a key. */
export function pollDefinition(key: PollKey): PollDefinition<unknown> {
  switch (key.kind) {
    case 'notices':
      return {
        name: 'notices',
        intervalMs: POLL_MS.notices,
        enabled: (session) => key.unreadSwitch && withToken(session),
        inactiveValue: null,
        request: async (ctx, signal) => {
          const list = await apiList<Notice>(ctx, 'User/getNoticeList', { page: 1, limit: 1 }, signal);
          return list === undefined ? undefined : (list[0] ?? null);
        },
      } satisfies PollDefinition<Notice | null>;
    case 'homeMarkets':
      return {
        name: 'homeMarkets',
        intervalMs: POLL_MS.homeMarkets,
        enabled: always,
        request: (ctx, signal) => marketList(ctx, 'index/getMarketList', {}, signal),
      } satisfies PollDefinition<MarketItem[]>;
    case 'markets':
      return {
        name: 'markets',
        intervalMs: POLL_MS.markets,
        enabled: always,
        request: (ctx, signal) => marketList(ctx, 'index/getAllMarketList', { fid: key.fid, eid: key.eid }, signal),
      } satisfies PollDefinition<MarketItem[]>;
    case 'optionPairs':
      return {
        name: 'optionPairs',
        intervalMs: POLL_MS.optionPairs,
        enabled: always,
        request: (ctx, signal) => marketList(ctx, 'index/getMarketList', {}, signal),
      } satisfies PollDefinition<MarketItem[]>;
    case 'spotBalance':
      return {
        name: 'spotBalance',
        intervalMs: POLL_MS.spot,
        enabled: withToken,
        request: (ctx, signal) => api<MarketBalance>(ctx, 'Trade/getMarketBalance', { m_id: key.mId }, signal),
      } satisfies PollDefinition<MarketBalance>;
    case 'spotOrders':
      return {
        name: 'spotOrders',
        intervalMs: POLL_MS.spot,
        enabled: withToken,
        request: (ctx, signal) =>
          apiList<SpotOrder>(
            ctx,
            'Trade/getOrderList',
            { type: key.type, status: key.status, page: 1, limit: 10 },
            signal,
          ),
      } satisfies PollDefinition<SpotOrder[]>;
    case 'optionOrder':
      return {
        name: 'optionOrder',
        intervalMs: POLL_MS.optionOrder,
        enabled: withToken,
        request: (ctx, signal) => api<OptionsOrder>(ctx, 'Contrade/getHyOrderInfo', { order_id: key.orderId }, signal),
      } satisfies PollDefinition<OptionsOrder>;
  }
}
