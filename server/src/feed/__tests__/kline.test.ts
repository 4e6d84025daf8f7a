import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIODS, nextPeriodStart, periodStart, type Period } from '../periods.ts';
import { FeedClient, getJson, isPush, startServer, type TestServer } from './helpers.ts';

interface BarJson {
  id: number;
  open: number;
  close: number;
  low: number;
  high: number;
  amount: number;
  vol: number;
  count: number;
}

/** The finer period each coarser one is checked against. */
const FINER: Array<[Period, Period]> = [
  ['5min', '1min'],
  ['15min', '5min'],
  ['30min', '1min'],
  ['60min', '1min'],
  ['4hour', '60min'],
  ['1day', '60min'],
  ['1week', '1day'],
  ['1mon', '1day'],
  ['1year', '1mon'],
];

describe('kline consistency', () => {
  let server: TestServer;
  const bars = new Map<Period, BarJson[]>();
  /** Bars that ended before this (epoch s) are closed and cannot change between the fetches. */
  let closedBy = 0;
  beforeAll(async () => {
    server = await startServer();
    closedBy = Math.floor(Date.now() / 1000);
    for (const period of PERIODS) {
      const { json } = await getJson(`${server.http}/market/history/kline?symbol=btcusdt&period=${period}&size=2000`);
      bars.set(period, (json.data as BarJson[]).slice().reverse());
    }
  }, 60_000);
  afterAll(async () => server.close());

  it('has a bar high and low that bound its open and close, in every period', () => {
    const problems: string[] = [];
    for (const [period, list] of bars) {
      for (const bar of list) {
        if (bar.high < Math.max(bar.open, bar.close) || bar.low > Math.min(bar.open, bar.close))
          problems.push(`${period} ${bar.id}`);
        if (bar.amount < 0 || bar.vol < 0 || bar.count < 0 || !Number.isInteger(bar.count))
          problems.push(`${period} ${bar.id} volume`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has at least 200 bars (a chart) for every chart period, on HTX boundaries (1day+ at GMT+8)', () => {
    for (const period of PERIODS) {
      const list = bars.get(period) ?? [];
      expect(list.length, period).toBeGreaterThanOrEqual(200);
      expect(
        list.every((b) => periodStart(period, b.id) === b.id),
        period,
      ).toBe(true);
    }
    expect(((bars.get('1day') ?? [])[5]?.id ?? 1) % 86400).toBe(16 * 3600);
  });

  for (const [coarse, fine] of FINER) {
    it(`makes every ${coarse} bar equal to the aggregation of its ${fine} bars`, () => {
      const fineBars = bars.get(fine) ?? [];
      const groups = new Map<number, BarJson[]>();
      for (const bar of fineBars) {
        const id = periodStart(coarse, bar.id);
        groups.set(id, [...(groups.get(id) ?? []), bar]);
      }
      const firstFine = fineBars[0]?.id ?? Infinity;
      // Closed coarse bars entirely covered by the fine bars fetched (open ones move between fetches;
      // the simulator test compares open bars at one instant).
      const comparable = (bars.get(coarse) ?? []).filter(
        (b) => b.id >= firstFine && groups.has(b.id) && nextPeriodStart(coarse, b.id) <= closedBy,
      );
      expect(comparable.length, `${coarse} from ${fine}`).toBeGreaterThan(3);
      for (const bar of comparable) {
        const parts = groups.get(bar.id) as BarJson[];
        expect(bar.open).toBe(parts[0]?.open);
        expect(bar.close).toBe(parts[parts.length - 1]?.close);
        expect(bar.high).toBe(Math.max(...parts.map((p) => p.high)));
        expect(bar.low).toBe(Math.min(...parts.map((p) => p.low)));
        expect(bar.count).toBe(parts.reduce((s, p) => s + p.count, 0));
        const amount = parts.reduce((s, p) => s + p.amount, 0);
        const vol = parts.reduce((s, p) => s + p.vol, 0);
        expect(Math.abs(bar.amount - amount)).toBeLessThanOrEqual(amount * 1e-9);
        expect(Math.abs(bar.vol - vol)).toBeLessThanOrEqual(vol * 1e-9);
      }
    });
  }

  it('pushes live 1min and 5min bars that stay consistent with each other and with the trades', async () => {
    const client = await FeedClient.connect(`${server.ws}/ws`);
    client.send({ sub: 'market.btcusdt.kline.1min', id: 1 });
    client.send({ sub: 'market.btcusdt.kline.5min', id: 2 });
    client.send({ sub: 'market.btcusdt.trade.detail', id: 3 });
    const ones = await client.waitForCount(isPush('market.btcusdt.kline.1min'), 3, { timeoutMs: 6000 });
    const fives = client.matching(isPush('market.btcusdt.kline.5min'));
    const one = ones[ones.length - 1]?.json.tick as BarJson;
    const five = fives[fives.length - 1]?.json.tick as BarJson;
    expect(five.id).toBe(periodStart('5min', one.id));
    expect(five.high).toBeGreaterThanOrEqual(one.high);
    expect(five.low).toBeLessThanOrEqual(one.low);
    expect(one.count).toBeGreaterThan(0);
    const trades = client
      .matching(isPush('market.btcusdt.trade.detail'))
      .flatMap((r) => (r.json.tick as { data: Array<{ price: number; ts: number }> }).data);
    // Only the bar's own trades: a run that crosses a 5-minute boundary also saw the last bar's.
    const inBar = trades.filter(
      (trade) => trade.ts >= five.id * 1000 && trade.ts < nextPeriodStart('5min', five.id) * 1000,
    );
    expect(trades.length).toBeGreaterThan(0);
    for (const trade of inBar) {
      expect(trade.price).toBeGreaterThanOrEqual(five.low);
      expect(trade.price).toBeLessThanOrEqual(five.high);
    }
    client.close();
  });
});
