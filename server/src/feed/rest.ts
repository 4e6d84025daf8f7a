import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { encodeBar, encodeDepth, encodeDetail, encodeMerged, encodeTickersEntry, encodeTradeGroup } from './encode.ts';
import type { MarketFeed } from './market-feed.ts';
import { isPeriod } from './periods.ts';
import type { Bar, MarketSymbol, TradeGroup } from './types.ts';

/*
 * The market REST endpoints of the real server (no /v1 prefix for market data): envelope keys in the
 * order ch, status, ts, data|tick; errors as {ts, status, err-code: invalid-parameter, err-msg}, HTTP 200.
 */

type Query = Record<string, string | string[] | undefined>;

const SIZE_ERROR = 'invalid size,valid range: [1, 2000]';

class RestError extends Error {}

const param = (request: FastifyRequest, name: string): string | undefined => {
  const value = (request.query as Query)[name];
  return Array.isArray(value) ? value[0] : value;
};

function sizeParam(request: FastifyRequest, fallback: number): number {
  const text = param(request, 'size');
  if (text === undefined || text === '') return fallback;
  const size = Number(text);
  if (!/^\d+$/.test(text) || size < 1 || size > 2000) throw new RestError(SIZE_ERROR);
  return size;
}

/** Min and max order amounts in the style of the real symbol list, from price and precision. */
function orderLimits(symbol: MarketSymbol, price: number): { min: number; max: number } {
  const min = Math.max(10 ** -symbol.amountPrecision, 10 ** Math.floor(Math.log10(5 / price)));
  const max = 10 ** Math.max(0, Math.round(Math.log10(6.5e7 / price)));
  return { min: Number(min.toPrecision(1)), max };
}

export function registerMarketRest(fastify: FastifyInstance, feed: MarketFeed): void {
  const now = (): number => feed.clock.now();
  const known = (symbol: string | undefined): symbol is string =>
    symbol !== undefined && feed.data.marketSymbols().some((s) => s.symbol === symbol);
  const requireSymbol = (request: FastifyRequest): string => {
    const symbol = param(request, 'symbol');
    if (!known(symbol)) throw new RestError('invalid symbol');
    return symbol;
  };
  const send = (reply: FastifyReply, json: string): FastifyReply =>
    reply.code(200).type('application/json; charset=utf-8').send(json);
  const ok = (ch: string, key: 'data' | 'tick', payload: string): string =>
    `{"ch":${JSON.stringify(ch)},"status":"ok","ts":${now()},"${key}":${payload}}`;

  /** Wraps a handler: a RestError becomes the real error body. */
  const route = (path: string, handler: (request: FastifyRequest) => string): void => {
    fastify.get(path, async (request, reply) => {
      try {
        return send(reply, handler(request));
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        return send(
          reply,
          `{"ts":${now()},"status":"error","err-code":"invalid-parameter","err-msg":${JSON.stringify(error.message)}}`,
        );
      }
    });
  };

  route('/market/history/kline', (request) => {
    const symbol = requireSymbol(request);
    const period = param(request, 'period') ?? '';
    if (!isPeriod(period)) throw new RestError('invalid period');
    const size = sizeParam(request, 150);
    const bars = feed.data.bars(symbol, period) ?? [];
    const newest: string[] = [];
    for (let i = bars.length - 1; i >= 0 && newest.length < size; i--) newest.push(encodeBar(bars[i] as Bar));
    return ok(`market.${symbol}.kline.${period}`, 'data', `[${newest.join(',')}]`);
  });

  route('/market/detail', (request) => {
    const symbol = requireSymbol(request);
    const detail = feed.data.detail(symbol, now());
    if (!detail) throw new RestError('invalid symbol');
    return ok(`market.${symbol}.detail`, 'tick', encodeDetail(detail));
  });

  route('/market/detail/merged', (request) => {
    const symbol = requireSymbol(request);
    const detail = feed.data.detail(symbol, now());
    if (!detail) throw new RestError('invalid symbol');
    return ok(`market.${symbol}.detail.merged`, 'tick', encodeMerged(detail, feed.data.bbo(symbol, now())));
  });

  // size counts matches (outer groups), newest first; the REST spelling of the trade key is trade-id.
  route('/market/history/trade', (request) => {
    const symbol = requireSymbol(request);
    const size = sizeParam(request, 1);
    const groups = feed.data.tradeGroups(symbol, now());
    const out: string[] = [];
    for (let i = groups.length - 1; i >= 0 && out.length < size; i--)
      out.push(encodeTradeGroup(groups[i] as TradeGroup, 'trade-id'));
    return ok(`market.${symbol}.trade.detail`, 'data', `[${out.join(',')}]`);
  });

  route('/market/trade', (request) => {
    const symbol = requireSymbol(request);
    const groups = feed.data.tradeGroups(symbol, now());
    const last = groups[groups.length - 1] ?? { id: 0, ts: now(), data: [] };
    return ok(`market.${symbol}.trade.detail`, 'tick', encodeTradeGroup(last, 'trade-id'));
  });

  route('/market/depth', (request) => {
    const symbol = requireSymbol(request);
    const type = param(request, 'type') ?? '';
    const step = /^step[0-5]$/.test(type) ? Number(type.slice(4)) : -1;
    if (step < 0) throw new RestError('invalid type');
    const depthText = param(request, 'depth');
    if (depthText !== undefined && !['5', '10', '20'].includes(depthText)) throw new RestError('invalid depth');
    const levels = depthText !== undefined ? Number(depthText) : step === 0 ? 150 : 20;
    const tick = feed.data.depth(symbol, step, levels, now());
    if (!tick) throw new RestError('invalid type');
    return ok(`market.${symbol}.depth.${type}`, 'tick', encodeDepth(tick));
  });

  route('/market/tickers', () => {
    const entries: string[] = [];
    for (const { symbol } of feed.data.marketSymbols()) {
      const ticker = feed.data.ticker(symbol, now());
      if (ticker) entries.push(encodeTickersEntry(symbol, ticker));
    }
    return `{"status":"ok","ts":${now()},"data":[${entries.join(',')}]}`;
  });

  route('/v1/common/symbols', () => {
    const data = feed.data.marketSymbols().map((s) => {
      const price = Number(feed.priceAt(s.symbol, now()) ?? 1) || 1;
      const { min, max } = orderLimits(s, price);
      return {
        'base-currency': s.base,
        'quote-currency': s.quote,
        'price-precision': s.pricePrecision,
        'amount-precision': s.amountPrecision,
        'symbol-partition': 'main',
        symbol: s.symbol,
        state: 'online',
        'value-precision': 8,
        'min-order-amt': min,
        'max-order-amt': max,
        'min-order-value': 5,
        'limit-order-min-order-amt': min,
        'limit-order-max-order-amt': max,
        'limit-order-max-buy-amt': max,
        'limit-order-max-sell-amt': max,
        'sell-market-min-order-amt': min,
        'sell-market-max-order-amt': max / 10,
        'buy-market-max-order-value': 1000000,
        'leverage-ratio': 5,
        'super-margin-leverage-ratio': 3,
        'api-trading': 'enabled',
        tags: '',
      };
    });
    return JSON.stringify({ status: 'ok', data });
  });
}
