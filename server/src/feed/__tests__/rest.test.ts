import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYMBOLS } from '../symbols.ts';
import { OWN_FIXTURES, getJson, realFixtures, startServer, type TestServer } from './helpers.ts';

const envelope = (ch: string, key: 'data' | 'tick'): RegExp =>
  new RegExp(`^\\{"ch":"${ch.replace(/\./g, '\\.')}","status":"ok","ts":\\d{13},"${key}":`);
const errorBody = (message: string): RegExp =>
  new RegExp(
    `^\\{"ts":\\d{13},"status":"error","err-code":"invalid-parameter","err-msg":"${message.replace(/[[\]]/g, '\\$&')}"\\}$`,
  );

describe('market REST', () => {
  let server: TestServer;
  const get = (path: string): ReturnType<typeof getJson> => getJson(`${server.http}${path}`);
  beforeAll(async () => {
    server = await startServer({}, { fakeClock: true });
    // Five seconds of market, for trades to list, without waiting for them.
    vi.advanceTimersByTime(5000);
  }, 60_000);
  afterAll(async () => server.close());

  it('/market/history/kline: newest first, 150 by default, size 1..2000', async () => {
    const { status, text, json } = await get('/market/history/kline?symbol=btcusdt&period=5min');
    expect(status).toBe(200);
    expect(text).toMatch(envelope('market.btcusdt.kline.5min', 'data'));
    const bars = json.data as Array<{ id: number }>;
    expect(bars).toHaveLength(150);
    for (let i = 1; i < bars.length; i++)
      expect((bars[i - 1] as { id: number }).id - (bars[i] as { id: number }).id).toBe(300);
    expect(Object.keys(bars[0] as object).join()).toBe('id,open,close,low,high,amount,vol,count');
    expect(
      ((await get('/market/history/kline?symbol=btcusdt&period=1min&size=2000')).json.data as unknown[]).length,
    ).toBe(2000);
    expect(((await get('/market/history/kline?symbol=btcusdt&period=1mon&size=1')).json.data as unknown[]).length).toBe(
      1,
    );
    for (const size of ['0', '2001', 'abc', '-5', '1.5']) {
      const bad = await get(`/market/history/kline?symbol=btcusdt&period=5min&size=${size}`);
      expect(bad.status).toBe(200);
      expect(bad.text).toMatch(errorBody('invalid size,valid range: [1, 2000]'));
    }
  });

  it('answers an unknown or missing symbol and a bad period with the real error body, HTTP 200', async () => {
    for (const path of [
      '/market/history/kline?symbol=nosuch&period=1min',
      '/market/history/kline?period=1min',
      '/market/detail?symbol=BTCUSDT',
      '/market/depth?symbol=x&type=step0',
      '/market/history/trade?symbol=',
      '/market/trade?symbol=zz',
      '/market/detail/merged?symbol=q',
    ]) {
      const { status, text } = await get(path);
      expect(status, path).toBe(200);
      expect(text, path).toMatch(errorBody('invalid symbol'));
    }
    expect((await get('/market/history/kline?symbol=btcusdt&period=3min')).text).toMatch(errorBody('invalid period'));
  });

  it('/market/detail and /market/detail/merged: the 24 h summary in the real key order', async () => {
    const detail = await get('/market/detail?symbol=ethusdt');
    expect(detail.text).toMatch(envelope('market.ethusdt.detail', 'tick'));
    expect(Object.keys(detail.json.tick as object).join()).toBe('id,low,high,open,close,vol,amount,version,count');
    const merged = await get('/market/detail/merged?symbol=ethusdt');
    expect(merged.text).toMatch(envelope('market.ethusdt.detail.merged', 'tick'));
    const tick = merged.json.tick as { bid: number[]; ask: number[]; low: number; high: number; close: number };
    expect(Object.keys(tick).join()).toBe('id,version,open,close,low,high,amount,vol,count,bid,ask');
    expect(tick.bid).toHaveLength(2);
    expect((tick.bid[0] as number) < (tick.ask[0] as number)).toBe(true);
    expect(tick.close).toBeGreaterThanOrEqual(tick.low);
    expect(tick.close).toBeLessThanOrEqual(tick.high);
  });

  it('/market/history/trade and /market/trade: groups newest first, trade-id spelling', async () => {
    const history = await get('/market/history/trade?symbol=btcusdt&size=5');
    expect(history.text).toMatch(envelope('market.btcusdt.trade.detail', 'data'));
    expect(history.text).not.toContain('"tradeId"');
    const groups = history.json.data as Array<{ id: number; ts: number; data: Array<Record<string, unknown>> }>;
    expect(groups).toHaveLength(5);
    for (let i = 1; i < groups.length; i++)
      expect((groups[i] as { ts: number }).ts).toBeLessThanOrEqual((groups[i - 1] as { ts: number }).ts);
    expect(Object.keys(groups[0] as object).join()).toBe('id,ts,data');
    expect(Object.keys(groups[0]?.data[0] as object).join()).toBe('id,ts,trade-id,amount,price,direction');
    expect(history.text).toMatch(/"data":\[\{"id":\d{27},"ts"/);
    expect(((await get('/market/history/trade?symbol=btcusdt')).json.data as unknown[]).length).toBe(1);
    expect((await get('/market/history/trade?symbol=btcusdt&size=2001')).text).toMatch(
      errorBody('invalid size,valid range: [1, 2000]'),
    );

    const latest = await get('/market/trade?symbol=btcusdt');
    expect(latest.text).toMatch(envelope('market.btcusdt.trade.detail', 'tick'));
    expect(Object.keys(latest.json.tick as object).join()).toBe('id,ts,data');
  });

  it('/market/depth: type required, depth 5/10/20, 150 levels by default for step0', async () => {
    const full = await get('/market/depth?symbol=btcusdt&type=step0');
    expect(full.text).toMatch(envelope('market.btcusdt.depth.step0', 'tick'));
    const tick = full.json.tick as { bids: number[][]; asks: number[][] };
    expect(Object.keys(tick).join()).toBe('bids,asks,version,ts');
    expect(tick.bids).toHaveLength(150);
    const five = (await get('/market/depth?symbol=btcusdt&type=step0&depth=5')).json.tick as {
      bids: unknown[];
      asks: unknown[];
    };
    expect(five.bids).toHaveLength(5);
    expect(five.asks).toHaveLength(5);
    expect(
      ((await get('/market/depth?symbol=btcusdt&type=step3')).json.tick as { bids: unknown[] }).bids.length,
    ).toBeLessThanOrEqual(20);
    expect((await get('/market/depth?symbol=btcusdt')).text).toMatch(errorBody('invalid type'));
    expect((await get('/market/depth?symbol=btcusdt&type=step9')).text).toMatch(errorBody('invalid type'));
    expect((await get('/market/depth?symbol=btcusdt&type=step0&depth=150')).text).toMatch(errorBody('invalid depth'));
  });

  it('/market/tickers: every symbol, no ch', async () => {
    const { text, json } = await get('/market/tickers');
    expect(text).toMatch(/^\{"status":"ok","ts":\d{13},"data":\[/);
    const data = json.data as Array<Record<string, unknown>>;
    expect(data.map((t) => t.symbol)).toEqual(SYMBOLS.map((s) => s.symbol));
    expect(Object.keys(data[0] as object).join()).toBe(
      'symbol,open,high,low,close,amount,vol,count,bid,bidSize,ask,askSize',
    );
  });

  it('/v1/common/symbols: the real shape for every catalogue symbol', async () => {
    const { json } = await get('/v1/common/symbols');
    expect(json.status).toBe('ok');
    const data = json.data as Array<Record<string, unknown>>;
    expect(data.map((s) => s.symbol)).toEqual(SYMBOLS.map((s) => s.symbol));
    const btc = data[0] as Record<string, unknown>;
    expect(btc).toMatchObject({
      'base-currency': 'btc',
      'quote-currency': 'usdt',
      'price-precision': 2,
      'amount-precision': 6,
      state: 'online',
      'api-trading': 'enabled',
    });
    const ours = JSON.parse(readFileSync(join(OWN_FIXTURES, 'rest', 'symbols-dogeusdt.json'), 'utf8')).data[0];
    expect(Object.keys(btc).sort()).toEqual(Object.keys(ours).sort());
  });

  const real = realFixtures();
  it.skipIf(!real)('/v1/common/symbols has the keys of the real answer (../shared/fixtures/huobi)', async () => {
    const { json } = await get('/v1/common/symbols');
    const file = join(real ?? '', 'rest', 'live-symbols', 'GET-v1-common-symbols.btcusdt-ethusdt-only.json');
    const realEth = JSON.parse(readFileSync(file, 'utf8')).data[1];
    const eth = (json.data as Array<Record<string, unknown>>).find((s) => s.symbol === 'ethusdt') as Record<
      string,
      unknown
    >;
    expect(Object.keys(eth).sort()).toEqual(Object.keys(realEth).sort());
    for (const key of Object.keys(realEth)) expect(typeof eth[key], key).toBe(typeof realEth[key]);
  });
});
