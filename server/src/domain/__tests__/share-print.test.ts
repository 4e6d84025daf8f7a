import { describe, expect, it } from 'vitest';
import { Prng } from '../../feed/prng.ts';
import { cumulativeValue, sharePrint, type RestingOrder } from '../matching.ts';

const U = 100_000_000n;
const order = (id: number, side: 1 | 2, price: bigint, remaining: bigint, createdAt = 1000): RestingOrder => ({
  id,
  side,
  price,
  createdAt,
  remaining,
});

describe('sharePrint: one print shared among the orders it went through', () => {
  it('one order takes min(what it still wants, the print amount)', () => {
    expect(sharePrint([order(1, 1, 100n * U, 2n * U)], U / 4n, 1n)).toEqual([{ orderId: 1, quantity: U / 4n }]);
    expect(sharePrint([order(1, 1, 100n * U, U / 10n)], 5n * U, 1n)).toEqual([{ orderId: 1, quantity: U / 10n }]);
  });

  it('buys share in price then time priority: the higher limit first, then the earlier, then the lower id', () => {
    const orders = [
      order(1, 1, 99n * U, U, 1000),
      order(2, 1, 101n * U, U / 2n, 3000),
      order(3, 1, 100n * U, U, 2000),
      order(4, 1, 100n * U, U, 1000),
      order(5, 1, 100n * U, U, 1000),
    ];
    // 2.75 to share: #2 (101) 0.5, #4 (100, t 1000, lower id) 1, #5 (100, t 1000) 1, #3 (100, t 2000) the last 0.25, #1 nothing.
    expect(sharePrint(orders, 275_000_000n, 1n)).toEqual([
      { orderId: 2, quantity: U / 2n },
      { orderId: 4, quantity: U },
      { orderId: 5, quantity: U },
      { orderId: 3, quantity: U / 4n },
    ]);
  });

  it('sells share with the lowest limit first; each side draws on the whole print', () => {
    const orders = [order(1, 2, 99n * U, U), order(2, 2, 98n * U, U / 2n), order(3, 1, 101n * U, 2n * U)];
    expect(sharePrint(orders, U, 1n)).toEqual([
      { orderId: 3, quantity: U },
      { orderId: 2, quantity: U / 2n },
      { orderId: 1, quantity: U / 2n },
    ]);
  });

  it('a share short of an order rest is rounded down to the pair step; what the step cuts off is not passed on as a fraction', () => {
    const step = 1_000_000n; // 2 decimals
    // 0.257 to share: #1 wants 1, gets 0.25; 0.007 is left, less than a step: #2 gets nothing.
    expect(sharePrint([order(1, 1, 100n * U, U), order(2, 1, 99n * U, U)], 25_700_000n, step)).toEqual([
      { orderId: 1, quantity: 25_000_000n },
    ]);
    // A rest smaller than the print's remainder is taken whole even when it is exactly a step.
    expect(sharePrint([order(1, 1, 100n * U, step)], step, step)).toEqual([{ orderId: 1, quantity: step }]);
  });

  it('a rest smaller than one step is filled whole by a print that still has that much, never beyond the print', () => {
    const step = 1_000_000n;
    const dust = 300_000n;
    expect(sharePrint([order(1, 1, 100n * U, dust)], 500_000n, step)).toEqual([{ orderId: 1, quantity: dust }]);
    expect(sharePrint([order(1, 1, 100n * U, dust)], 200_000n, step)).toEqual([]);
    // After a stepped share, the print's sub-step remainder still completes a dust rest behind it.
    expect(
      sharePrint([order(1, 1, 100n * U, 5n * step), order(2, 1, 99n * U, dust)], 5n * step + 400_000n, step),
    ).toEqual([
      { orderId: 1, quantity: 5n * step },
      { orderId: 2, quantity: dust },
    ]);
  });

  it('never hands out more than the print per side, nor more than an order wants (random cases)', () => {
    const prng = new Prng(12345);
    const rand = (n: number): number => prng.int(0, n - 1);
    for (let round = 0; round < 500; round++) {
      const step = 10n ** BigInt(rand(5));
      const orders = Array.from({ length: 1 + rand(6) }, (_, i) =>
        order(i + 1, (1 + rand(2)) as 1 | 2, BigInt(90 + rand(20)) * U, BigInt(1 + rand(3_000_000)), rand(3)),
      );
      const amount = BigInt(rand(5_000_000));
      const shares = sharePrint(orders, amount, step);
      for (const side of [1, 2]) {
        const total = shares
          .filter((s) => orders[s.orderId - 1]!.side === side)
          .reduce((sum, s) => sum + s.quantity, 0n);
        expect(total).toBeLessThanOrEqual(amount);
      }
      for (const share of shares) {
        const wanted = orders[share.orderId - 1]!.remaining;
        expect(share.quantity > 0n && share.quantity <= wanted).toBe(true);
        expect(share.quantity === wanted || share.quantity % step === 0n).toBe(true);
      }
    }
  });
});

describe('cumulativeValue: fills move the difference of the running value', () => {
  it('a buy pays ceil and a sell receives floor of filled x price, once over the running total', () => {
    // 0.00000003 x 33.33333333 = 0.0000009999999999, i.e. 99.99999999 units: 100 for a buy, 99 for a sell.
    expect(cumulativeValue(1, 3n, 3_333_333_333n)).toBe(100n);
    expect(cumulativeValue(2, 3n, 3_333_333_333n)).toBe(99n);
  });

  it('cut into any fills, the buy pays exactly what one whole fill would (so what it froze)', () => {
    const price = 3_333_333_333n;
    const quantity = 1_000_007n;
    let filled = 0n;
    let paid = 0n;
    for (const part of [1n, 2n, 333_333n, 7n, 666_664n]) {
      paid += cumulativeValue(1, filled + part, price) - cumulativeValue(1, filled, price);
      filled += part;
    }
    expect(filled).toBe(quantity);
    expect(paid).toBe(cumulativeValue(1, quantity, price));
  });
});
