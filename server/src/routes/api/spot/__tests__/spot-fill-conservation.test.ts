import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrderRow } from '../../../../db/repositories/spot-order-repository.ts';
import { Prng } from '../../../../feed/prng.ts';
import type { SpotOrderView } from '../spot-order-view.ts';
import { writeSession, type SessionTrade } from './replay-session.ts';
import { START_MS, startTradingHarness } from './trading-harness.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

const UNIT = 100_000_000n;
const FEE_PPM = 1000n;
const SESSION_MS = 40_000;
const STEP_MS = 250;

/** Decimal text of `n` ten-thousandths / millionths, for prices with 4 and amounts with 6 decimals. */
const decimal = (n: number, places: number): string => {
  const text = String(n).padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
};

/**
 * A random session: a print every 250 ms at a price in 98..102 with 4 decimals and an amount of
 * 0.000001..0.4 with 6 decimals, so a fill's value (4 + 6 decimals) usually falls between two
 * units and every rounding rule is exercised.
 */
function randomSession(prng: Prng): SessionTrade[] {
  const trades: SessionTrade[] = [{ atMs: 0, price: 100.0001, amount: 0.000001 }];
  for (let atMs = STEP_MS; atMs <= SESSION_MS; atMs += STEP_MS) {
    trades.push({
      atMs,
      price: Number(decimal(prng.int(980_000, 1_020_000), 4)),
      amount: Number(decimal(prng.int(1, 400_000), 6)),
    });
  }
  return trades;
}

interface Funds {
  usdt: bigint;
  btc: bigint;
}

/** The session's one book: 1 BTC bid at 99.9 and 1 BTC asked at 100.1. */
const BOOK = { bid: { price: 9_990_000_000n, amount: UNIT }, ask: { price: 10_010_000_000n, amount: UNIT } };

/**
 * What an order must have moved, from the rule alone: a limit at or better than the book's level
 * first takes that level at the book's price (up to its 1 BTC), the rest fills at the limit. A buy
 * pays the exact value of all its fills rounded up once and gets filled - fee of base; a sell
 * delivers `filled` of base and gets that value rounded down, less the fee; the fee is the whole
 * fill's fee on what it pays out, rounded down.
 */
function expectedMoves(order: SpotOrderRow): { taken: bigint; value: bigint; fee: bigint; delta: Funds } {
  const price = order.price as bigint;
  const level = order.side === 1 ? BOOK.ask : BOOK.bid;
  const marketable = order.side === 1 ? price >= level.price : price <= level.price;
  const ordered = order.quantity as bigint;
  const taken = marketable ? (ordered < level.amount ? ordered : level.amount) : 0n;
  const filled = order.filled_qty;
  const exact = taken * level.price + (filled - taken) * price;
  if (order.side === 1) {
    const value = (exact + UNIT - 1n) / UNIT;
    const fee = (filled * FEE_PPM) / 1_000_000n;
    return { taken, value, fee, delta: { usdt: -value, btc: filled - fee } };
  }
  const value = exact / UNIT;
  const fee = (value * FEE_PPM) / 1_000_000n;
  return { taken, value, fee, delta: { usdt: value - fee, btc: -filled } };
}

describe('partial limit fills create and lose no unit of money (random sessions, replayed)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'spot-conservation-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: every order's fills, fees and unfreeze add up to what it froze, per unit`, async () => {
      const prng = new Prng(seed, 99);
      const file = join(dir, `session-${seed}.jsonl`);
      const trades = randomSession(prng);
      writeSession(file, 'btcusdt', trades, [{ atMs: 0, bids: [[99.9, 1]], asks: [[100.1, 1]] }]);
      const h = await startTradingHarness({ source: 'replay', replayFile: file });
      try {
        const initial: Funds = { usdt: units('100000'), btc: units('100') };
        const users = ['ann', 'ben', 'cyd'].map((name) => h.addUser(`${name}${seed}`, { usdt: '100000', btc: '100' }));
        const market = h.trading.markets.marketBySymbol('btcusdt')!.id;
        // Orders far below a realistic minimum are what cuts fills between two units: this pair takes any size.
        h.db.prepare('UPDATE markets SET min_total = 0 WHERE id = ?').run(market);
        const placed: { id: number; owner: number }[] = [];

        for (let atMs = 0; atMs < SESSION_MS + 1000; atMs += STEP_MS) {
          if (prng.next() < 0.35) {
            const owner = prng.int(0, users.length - 1);
            const fields = {
              m_id: market,
              type: prng.int(1, 2),
              operate_type: 1,
              price: decimal(prng.int(980_000, 1_020_000), 4),
              num: decimal(prng.int(1, 2_000_000), 6),
            };
            const answer = await h.post<SpotOrderView>('Trade/upbbbuy', fields, users[owner]!.token);
            expect(answer.code, answer.msg).toBe(1);
            placed.push({ id: answer.data.id, owner });
          }
          const open = placed.filter((p) => h.trading.spotOrders.find(p.id)!.status === 1);
          if (open.length > 0 && prng.next() < 0.12) {
            const victim = open[prng.int(0, open.length - 1)]!;
            const answer = await h.post('Trade/cancelOrder', { bb_id: victim.id }, users[victim.owner]!.token);
            expect(answer.code, answer.msg).toBe(1);
          }
          h.advance(START_MS + atMs + STEP_MS - h.clock.now());
        }

        const orders = placed.map((p) => ({ ...p, row: h.trading.spotOrders.find(p.id)! }));
        // The random run really did cut orders into several fills, cancel some partly filled ones, and
        // reach fills whose value falls between two units.
        expect(orders.filter((o) => h.trading.spotOrders.fills(o.id).length > 1).length).toBeGreaterThan(10);
        expect(orders.filter((o) => o.row.status === 3 && o.row.filled_qty > 0n).length).toBeGreaterThan(0);
        expect(orders.filter((o) => (o.row.filled_qty * (o.row.price as bigint)) % UNIT !== 0n).length).toBeGreaterThan(
          10,
        );
        // Some orders took the book at once and rested a rest that prints then filled.
        expect(orders.filter((o) => o.row.taker_qty > 0n && o.row.filled_qty > o.row.taker_qty).length).toBeGreaterThan(
          0,
        );

        const totals = users.map(() => ({ ...initial }));
        for (const { id, owner, row } of orders) {
          const ordered = row.quantity as bigint;
          const frozeAtPlacement = row.side === 1 ? (ordered * (row.price as bigint) + UNIT - 1n) / UNIT : ordered;
          expect(row.filled_qty <= ordered, `order ${id}`).toBe(true);
          expect(row.status === 2, `order ${id} status`).toBe(row.filled_qty === ordered);
          const { taken, value, fee, delta } = expectedMoves(row);
          expect(row.taker_qty, `order ${id} book part`).toBe(taken);
          const fills = h.trading.spotOrders.fills(id);
          expect(
            fills.reduce((sum, f) => sum + f.quantity, 0n),
            `order ${id} fills`,
          ).toBe(row.filled_qty);
          expect(
            fills.reduce((sum, f) => sum + f.value, 0n),
            `order ${id} value`,
          ).toBe(row.filled_value);
          expect(
            fills.reduce((sum, f) => sum + f.fee, 0n),
            `order ${id} fee`,
          ).toBe(row.fee);
          expect(row.filled_value, `order ${id} value`).toBe(value);
          expect(row.fee, `order ${id} fee`).toBe(fee);

          // The order's own bill rows: frozen part nets to what it still holds; consumed + returned = frozen at placement.
          const bills = h.db
            .prepare('SELECT coin_id, part, amount, kind FROM bills WHERE ref_id = ?')
            .safeIntegers(true)
            .all(id) as { coin_id: bigint; part: string; amount: bigint; kind: string }[];
          const frozenNet = bills.filter((b) => b.part === 'frozen').reduce((sum, b) => sum + b.amount, 0n);
          expect(frozenNet, `order ${id} frozen`).toBe(row.frozen);
          if (row.status !== 1) expect(row.frozen, `order ${id} finished`).toBe(0n);
          const consumed = -bills
            .filter((b) => b.part === 'frozen' && b.kind === 'spot_fill')
            .reduce((sum, b) => sum + b.amount, 0n);
          const returned = bills
            .filter((b) => b.part === 'available' && b.kind === 'spot_unfreeze')
            .reduce((sum, b) => sum + b.amount, 0n);
          expect(
            consumed + returned + row.frozen,
            `order ${id}: consumed + returned + still frozen = frozen at placement`,
          ).toBe(frozeAtPlacement);

          const total = totals[owner]!;
          total.usdt += delta.usdt;
          total.btc += delta.btc;
        }

        // Per user and coin, nothing appeared or vanished beyond what the rule says the orders moved.
        users.forEach((user, index) => {
          const usdt = h.balance(user.id, 'usdt');
          const btc = h.balance(user.id, 'btc');
          expect(usdt.available + usdt.frozen, `user ${index} usdt`).toBe(totals[index]!.usdt);
          expect(btc.available + btc.frozen, `user ${index} btc`).toBe(totals[index]!.btc);
        });

        // The book part filled at the book's price; no print filled more than it traded on one side, and only prints strictly through a limit filled.
        const fills = h.db
          .prepare(
            'SELECT f.trade_id, f.trade_ts, f.quantity, f.price, o.side FROM spot_fills f JOIN spot_orders o ON o.id = f.order_id',
          )
          .safeIntegers(true)
          .all() as { trade_id: string; trade_ts: bigint; quantity: bigint; price: bigint; side: bigint }[];
        const perPrint = new Map<string, bigint>();
        for (const fill of fills) {
          if (fill.trade_id === 'book-1') {
            // The book part: the one level of the other side, at its own price.
            expect(fill.price).toBe(fill.side === 1n ? BOOK.ask.price : BOOK.bid.price);
            continue;
          }
          const print = trades[Number(fill.trade_id) - 100_001]!;
          const printPrice = units(String(print.price));
          expect(fill.side === 1n ? printPrice < fill.price : printPrice > fill.price).toBe(true);
          const key = `${fill.trade_id}|${fill.trade_ts}|${fill.side}`;
          perPrint.set(key, (perPrint.get(key) ?? 0n) + fill.quantity);
          expect(perPrint.get(key)! <= units(String(print.amount)), key).toBe(true);
        }
        expectBillsMatchBalances(h.db);
      } finally {
        await h.close();
      }
    });
  }
});
