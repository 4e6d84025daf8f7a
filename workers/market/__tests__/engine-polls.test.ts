import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice, StreamKey } from '../../../common/protocol.ts';
import { POLL_MS } from '../streams/poll-streams.ts';
import { createHarness, envelope, type Harness, ORIGIN, text } from './support/fakes.ts';
import { advance, useEngineTimers } from './support/timers.ts';

const notice = (id: number, status = 1): Notice => ({
  id,
  title: `Notice ${id}`,
  addtime: '2024-01-02 03:04:05',
  status,
  imgs: '',
  content: '<p>hello</p>',
});

const NOTICES = '/api/User/getNoticeList';

describe('engine polls', () => {
  let h: Harness;
  beforeEach(() => {
    useEngineTimers();
    h = createHarness();
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('notices: with a token and the switch on, POSTs page 1 limit 1 with Token and Lang every 10 s and emits the newest notice', async () => {
    let newest = notice(7);
    h.fetch.on(NOTICES, () => envelope(1, { list: [newest], total: 3 }));
    h.engine.setSession({ token: 'tok-1', lang: 'zh-cn' });
    h.engine.subscribe(1, { kind: 'notices', unreadSwitch: true });
    await advance(0);
    h.frames.tick();
    expect(h.log.valuesOf(1)).toEqual([notice(7)]);
    const first = h.fetch.to(NOTICES)[0];
    expect(first?.method).toBe('POST');
    expect(first?.headers.Token).toBe('tok-1');
    expect(first?.headers.Lang).toBe('zh-cn');
    expect(first?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(first?.form ?? [])).toEqual({ page: '1', limit: '1' });

    newest = notice(8);
    await advance(POLL_MS.notices - 1);
    expect(h.fetch.to(NOTICES)).toHaveLength(1);
    await advance(1);
    h.frames.tick();
    expect(h.fetch.to(NOTICES)).toHaveLength(2);
    expect(h.log.lastOf(1)).toEqual(notice(8));
  });

  it('an answer equal to the last one is not handed on (the page would render it again for nothing)', async () => {
    let newest = notice(7);
    h.fetch.on(NOTICES, () => envelope(1, { list: [newest], total: 3 }));
    h.engine.setSession({ token: 'tok', lang: 'en' });
    h.engine.subscribe(1, { kind: 'notices', unreadSwitch: true });
    await advance(0);
    h.frames.tick();
    await advance(POLL_MS.notices);
    h.frames.tick();
    expect(h.fetch.to(NOTICES)).toHaveLength(2);
    expect(h.log.valuesOf(1)).toEqual([notice(7)]);
    newest = notice(7, 2);
    await advance(POLL_MS.notices);
    h.frames.tick();
    expect(h.fetch.to(NOTICES)).toHaveLength(3);
    expect(h.log.valuesOf(1)).toEqual([notice(7), notice(7, 2)]);
  });

  it('notices: an empty list emits null', async () => {
    h.fetch.on(NOTICES, () => envelope(1, { list: [], total: 0 }));
    h.engine.setSession({ token: 'tok', lang: 'en' });
    h.engine.subscribe(1, { kind: 'notices', unreadSwitch: true });
    await advance(0);
    h.frames.tick();
    expect(h.log.valuesOf(1)).toEqual([null]);
  });

  it('notices: no request without a token or with the switch off; the banner gets null', async () => {
    h.fetch.on(NOTICES, () => envelope(1, { list: [notice(1)] }));
    h.engine.subscribe(1, { kind: 'notices', unreadSwitch: true });
    await advance(30_000);
    h.frames.tick();
    expect(h.fetch.to(NOTICES)).toHaveLength(0);
    expect(h.log.valuesOf(1)).toEqual([null]);
    h.engine.setSession({ token: 'tok', lang: 'en' });
    h.engine.subscribe(2, { kind: 'notices', unreadSwitch: false });
    await advance(25_000);
    h.frames.tick();
    expect(h.log.valuesOf(2)).toEqual([null]);
    expect(h.log.lastOf(1)).toEqual(notice(1));
    // Only the switch-on stream polls (at 0, 10 and 20 s after the token arrived).
    expect(h.fetch.to(NOTICES)).toHaveLength(3);
    expect(h.fetch.to(NOTICES).every((r) => r.headers.Token === 'tok')).toBe(true);
  });

  it('a 401 goes to the sessionExpired stream with the server message', async () => {
    h.fetch.on(NOTICES, () => envelope(401, null, 'Please log in again'));
    h.engine.subscribe(9, { kind: 'sessionExpired' });
    h.engine.setSession({ token: 'stale', lang: 'en' });
    h.engine.subscribe(1, { kind: 'notices', unreadSwitch: true });
    await advance(0);
    h.frames.tick();
    expect(h.log.valuesOf(9)).toEqual(['Please log in again']);
    expect(h.log.valuesOf(1)).toEqual([]);
  });

  it('a subscriber to sessionExpired does not hear 401s from before it joined', async () => {
    h.fetch.on(NOTICES, () => envelope(401, null, 'expired'));
    h.engine.subscribe(9, { kind: 'sessionExpired' });
    h.engine.setSession({ token: 'stale', lang: 'en' });
    h.engine.subscribe(1, { kind: 'notices', unreadSwitch: true });
    await advance(0);
    h.frames.tick();
    h.engine.subscribe(10, { kind: 'sessionExpired' });
    h.frames.tick();
    expect(h.log.valuesOf(10)).toEqual([]);
  });

  it('a failure code emits nothing and keeps polling; the log says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    h.fetch.on('/api/index/getMarketList', () => envelope(0, null, 'maintenance'));
    h.engine.subscribe(1, { kind: 'homeMarkets' });
    await advance(POLL_MS.homeMarkets * 2);
    h.frames.tick();
    expect(h.log.valuesOf(1)).toEqual([]);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('maintenance'));
  });

  it('when the network is back every poll asks again at once instead of waiting out its interval', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let reachable = false;
    h.fetch.on('/api/index/getMarketList', () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return envelope(1, { list: [] });
    });
    h.engine.subscribe(1, { kind: 'homeMarkets' });
    await advance(1_000);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(1);
    reachable = true;
    h.engine.notifyOnline();
    await advance(0);
    h.frames.tick();
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(2);
    expect(h.log.valuesOf(1)).toEqual([[]]);
  });

  it('a new token restarts token loops at once; logging out stops them and the banner gets null', async () => {
    h.fetch.on(NOTICES, () => envelope(1, { list: [notice(1)] }));
    h.engine.setSession({ token: 'a', lang: 'en' });
    h.engine.subscribe(1, { kind: 'notices', unreadSwitch: true });
    await advance(3_000);
    h.engine.setSession({ token: 'b', lang: 'en' });
    await advance(0);
    expect(h.fetch.to(NOTICES).map((r) => r.headers.Token)).toEqual(['a', 'b']);
    h.engine.setSession({ token: null, lang: 'en' });
    await advance(60_000);
    h.frames.tick();
    expect(h.fetch.to(NOTICES)).toHaveLength(2);
    expect(h.log.lastOf(1)).toBeNull();
  });

  it('two views of one stream share one loop; it stops when the last one leaves', async () => {
    h.fetch.on('/api/index/getMarketList', () => envelope(1, { list: [] }));
    h.engine.subscribe(1, { kind: 'homeMarkets' });
    h.engine.subscribe(2, { kind: 'homeMarkets' });
    await advance(POLL_MS.homeMarkets * 2);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(3);
    h.engine.unsubscribe(1);
    await advance(POLL_MS.homeMarkets);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(4);
    h.engine.unsubscribe(2);
    await advance(POLL_MS.homeMarkets * 5);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(4);
  });

  it('a hidden page pauses polls and emission; showing it delivers and polls again', async () => {
    let count = 0;
    h.fetch.on('/api/index/getMarketList', () => envelope(1, { list: [{ id: ++count }] }));
    h.engine.subscribe(1, { kind: 'homeMarkets' });
    await advance(0);
    h.engine.setVisible(false);
    await advance(0);
    h.frames.tick();
    expect(h.log.batches).toHaveLength(0);
    await advance(60_000);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(1);
    h.engine.setVisible(true);
    h.frames.tick();
    expect(h.log.valuesOf(1)).toEqual([[{ id: 1 }]]);
    await advance(0);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(2);
  });

  it('single-flight through the engine: a slow answer, the page hidden and shown meanwhile, still one request in the air', async () => {
    const answers: ((response: Response) => void)[] = [];
    h.fetch.on('/api/index/getMarketList', () => new Promise<Response>((resolve) => answers.push(resolve)));
    h.engine.subscribe(1, { kind: 'homeMarkets' });
    await advance(0);
    h.engine.setVisible(false);
    h.engine.setVisible(true);
    // Past the 10 s interval, short of the 15 s time-out that would abandon the request.
    await advance(14_000);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(1);
    answers[0]?.(envelope(1, { list: [{ id: 1 }] }));
    await advance(0);
    h.frames.tick();
    expect(h.log.valuesOf(1)).toEqual([[{ id: 1 }]]);
    expect(h.fetch.to('/api/index/getMarketList')).toHaveLength(2);
  });

  it.each<[StreamKey, string, Record<string, string>, number, boolean]>([
    [{ kind: 'homeMarkets' }, '/api/index/getMarketList', {}, 10_000, false],
    [{ kind: 'markets', fid: 2, eid: 5 }, '/api/index/getAllMarketList', { fid: '2', eid: '5' }, 10_000, false],
    [{ kind: 'optionPairs' }, '/api/index/getMarketList', {}, 2_500, false],
    [{ kind: 'spotBalance', mId: 3 }, '/api/Trade/getMarketBalance', { m_id: '3' }, 1_000, true],
    [
      { kind: 'spotOrders', type: 0, status: 1 },
      '/api/Trade/getOrderList',
      { type: '0', status: '1', page: '1', limit: '10' },
      1_000,
      true,
    ],
    [{ kind: 'optionOrder', orderId: 42 }, '/api/Contrade/getHyOrderInfo', { order_id: '42' }, 5_000, true],
    [{ kind: 'notices', unreadSwitch: true }, '/api/User/getNoticeList', { page: '1', limit: '1' }, 10_000, true],
  ])('%j polls %s every spec interval', async (key, path, form, interval, needsToken) => {
    h.fetch.on(path, () => envelope(1, { list: [] }));
    h.engine.subscribe(1, key);
    await advance(interval * 3);
    expect(h.fetch.to(path)).toHaveLength(needsToken ? 0 : 4);
    h.engine.setSession({ token: 't', lang: 'en' });
    const before = h.fetch.to(path).length;
    await advance(interval * 3);
    const made = h.fetch.to(path).slice(before);
    expect(made).toHaveLength(4);
    for (const request of made) {
      expect(request.method).toBe('POST');
      expect(Object.fromEntries(request.form)).toEqual(form);
    }
  });

  it('day summary: GET /market/detail every 5 s, decimals exact', async () => {
    h.fetch.on('/market/detail', () =>
      text(
        '{"ch":"market.btcusdt.detail","status":"ok","ts":1629795484817,"tick":{"id":272164011416,"low":48767.0,"high":50500.0,"open":50266.89,"close":49728.71,"vol":6.010379336834868E8,"amount":12110.642402972368,"version":272164011416,"count":420452}}',
      ),
    );
    h.engine.subscribe(1, { kind: 'daySummary', symbol: 'BTCUSDT' });
    await advance(0);
    h.frames.tick();
    expect(h.log.valuesOf(1)).toEqual([
      {
        symbol: 'btcusdt',
        ts: 1629795484817,
        open: '50266.89',
        high: '50500',
        low: '48767',
        close: '49728.71',
        amount: '12110.642402972368',
        vol: '601037933.6834868',
        count: 420452,
      },
    ]);
    expect(h.fetch.to('/market/detail')[0]?.url.href).toBe(`${ORIGIN}/market/detail?symbol=btcusdt`);
    await advance(15_000);
    expect(h.fetch.to('/market/detail')).toHaveLength(4);
  });

  it('rejects a malformed key with a clear error and keeps running', () => {
    expect(() =>
      h.engine.subscribe(1, { kind: 'candles', symbol: 'btcusdt', period: '2min' } as unknown as StreamKey),
    ).toThrow(/period must be one of/);
    expect(() => h.engine.subscribe(2, { kind: 'nope' } as unknown as StreamKey)).toThrow(/unknown kind/);
    expect(() => h.engine.subscribe(3, { kind: 'ticker', symbol: 'btc/usdt' })).toThrow(/symbol/);
    h.engine.subscribe(4, { kind: 'homeMarkets' });
    expect(() => h.engine.subscribe(4, { kind: 'homeMarkets' })).toThrow(/already exists/);
  });
});
