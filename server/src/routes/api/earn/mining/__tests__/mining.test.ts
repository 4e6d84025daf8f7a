import Big from 'big.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MiningRepository } from '../../../../../db/repositories/mining-repository.ts';
import { DAY_MS } from '../../../../../jobs/periods.ts';
import { startEarnHarness, type EarnHarness } from '../../../__tests__/earn-harness.ts';
import type { MiningOrderView, MiningProductView } from '../machine-views.ts';
import { expectBillsMatchBalances, units } from '../../../../../__tests__/harness/index.ts';

interface Page<T> {
  list: T[];
  total: number;
}

/** The documented interest (docs/product-rules.md#lock-mining): amount × daily rate % × days / 100, rounded down to 1e-8, in units. */
const documented = (amount: string, ratePercent: string, days: number): bigint =>
  units(new Big(amount).times(ratePercent).times(days).div(100).round(8, Big.roundDown).toFixed(8));

/** The transaction password every buyer here has set (traders_password_switch is 1 in the harness). */
const PAY = 'pay12345';

describe('lock mining (api/Machine)', () => {
  let h: EarnHarness;
  let alice: { id: number; token: string };
  let product: MiningProductView;

  beforeEach(async () => {
    h = await startEarnHarness();
    alice = await h.addUser('alice', { usdt: '5000' });
    await h.setPayPassword(alice.id, PAY);
    new MiningRepository(h.db).add({
      title: 'Test miner',
      img: '',
      coin_id: h.coinId('usdt'),
      min_amount: units('100'),
      max_amount: units('3000'),
      type: 1,
      redeem_fee_ppm: 25_000,
      sort: 0,
      terms: [
        { days: 7, rate_ppm: 3333 },
        { days: 3, rate_ppm: 1000 },
      ],
    });
    const list = await h.post<{ list: MiningProductView[] }>('Machine/getMiningMachineList', {}, alice.token);
    product = list.data.list.find((p) => p.title === 'Test miner')!;
  });
  afterEach(async () => h.close());

  const buy = (amount: string, day = 7, rate = '0.3333', token = alice.token, extra: Record<string, string> = {}) =>
    h.post<MiningOrderView>(
      'Machine/buyMiningMachine',
      { id: product.id, amount, day, interest_rate: rate, paypassword: PAY, ...extra },
      token,
    );
  const orders = async (token = alice.token) =>
    (await h.post<Page<MiningOrderView>>('Machine/getMiningMachineOrders', {}, token)).data.list;

  it("lists each product with its periods and daily rates as comma lists, shortest first, and the caller's balance", () => {
    expect(product).toMatchObject({
      coin_title: 'USDT',
      min_price: '100',
      max_price: '3000',
      cycle: '3,7',
      interest_rate: '0.1,0.3333',
      type: 1,
      redeem_fee_rate: '2.5',
      balance: '5000.00000000',
    });
  });

  it('locks the amount, pays each day once it has ended, and at the end gives back the principal with exactly the documented interest', async () => {
    const bought = await buy('1001');
    expect(bought.code, bought.msg).toBe(1);
    const total = documented('1001', '0.3333', 7);
    expect(total).toBe(units('23.354331'));
    expect(bought.data).toMatchObject({
      status: 0,
      amount: '1001.00000000',
      days: 7,
      interest_rate: '0.3333',
      total_revenue: '0.00000000',
      estimated_revenue: '23.35433100',
    });
    expect(bought.data.end_time_ms - bought.data.start_time_ms).toBe(7 * DAY_MS);
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('3999'), frozen: units('1001') });

    // Nothing before the first day has ended (the job runs every 10 s of the clock).
    await h.advance(DAY_MS - 10_000);
    expect(h.balance(alice.id, 'usdt').available).toBe(units('3999'));
    const daily: bigint[] = [];
    for (let day = 1; day <= 7; day++) {
      const before = h.balance(alice.id, 'usdt').available;
      await h.advance(day === 1 ? 10_000 : DAY_MS);
      daily.push(h.balance(alice.id, 'usdt').available - before - (day === 7 ? units('1001') : 0n));
    }
    expect(daily.reduce((sum, day) => sum + day, 0n)).toBe(total);
    expect(new Set(daily)).toEqual(new Set([documented('1001', '0.3333', 1)]));
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('5000') + total, frozen: 0n });
    const [ended] = await orders();
    expect(ended).toMatchObject({
      status: 1,
      status_text: 'Ended',
      total_revenue: '23.35433100',
      redeem_amount: '0.00000000',
    });

    // Later runs pay nothing more.
    await h.advance(5 * DAY_MS);
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('5000') + total, frozen: 0n });
    expectBillsMatchBalances(h.db);
  });

  it('a restart in the middle pays nothing twice and catches up the days it was down', async () => {
    await buy('1001');
    await h.advance(3 * DAY_MS);
    const afterThree = h.balance(alice.id, 'usdt').available;
    expect(afterThree).toBe(units('3999') + documented('1001', '0.3333', 3));

    // The server restarts: a new process with its own connection and runner, at the same instant.
    const restarted = h.otherProcess();
    await restarted.run();
    expect(h.balance(alice.id, 'usdt').available).toBe(afterThree);

    // Down for two days, then two processes run at once: days 4 and 5 are paid once.
    h.clock.advance(2 * DAY_MS);
    const second = h.otherProcess();
    await Promise.all([restarted.run(), second.run(), h.runJobs()]);
    expect(h.balance(alice.id, 'usdt').available).toBe(units('3999') + documented('1001', '0.3333', 5));

    h.clock.advance(10 * DAY_MS);
    await Promise.all([second.run(), restarted.run()]);
    await h.runJobs();
    expect(h.balance(alice.id, 'usdt')).toEqual({
      available: units('5000') + documented('1001', '0.3333', 7),
      frozen: 0n,
    });
    const unitRows = h.db.prepare("SELECT COUNT(*) FROM job_units WHERE job = 'mining:interest'").pluck().get();
    expect(unitRows).toBe(8);
    expectBillsMatchBalances(h.db);
  });

  it('redeems a type 1 order early: the ended days are paid, the day under way is not, the principal comes back less the stated fee', async () => {
    const bought = await buy('1000');
    // Two and a half days pass without a job run: the redemption pays the two ended days itself.
    h.clock.advance(2 * DAY_MS + DAY_MS / 2);
    const [running] = await orders();
    expect(running).toMatchObject({ status: 0, redeem_amount: '975.00000000', redeem_fee_rate: '2.5' });
    const redeemed = await h.post<MiningOrderView>('Machine/redeemMiningMachine', { id: bought.data.id }, alice.token);
    expect(redeemed).toMatchObject({
      code: 1,
      msg: 'Redeemed, the principal is back in your account',
      data: { status: 2, status_text: 'Redeemed', redeem_amount: '975.00000000' },
    });
    const paid = documented('1000', '0.3333', 2);
    expect(redeemed.data.total_revenue).toBe(new Big(paid.toString()).div(1e8).toFixed(8));
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('4975') + paid, frozen: 0n });

    // The job finds nothing left to pay, now or later.
    await h.advance(10 * DAY_MS);
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('4975') + paid, frozen: 0n });
    h.clock.advance(3000);
    expect((await h.post('Machine/redeemMiningMachine', { id: bought.data.id }, alice.token)).msg).toBe(
      'This order has already ended',
    );
    expectBillsMatchBalances(h.db);
  });

  it("refuses redeeming a type 0 order, another user's order, and an order whose end is due", async () => {
    const fixed = new MiningRepository(h.db).add({
      title: 'Fixed',
      img: '',
      coin_id: h.coinId('usdt'),
      min_amount: units('10'),
      max_amount: units('100'),
      type: 0,
      redeem_fee_ppm: 0,
      sort: 9,
      terms: [{ days: 2, rate_ppm: 1000 }],
    });
    const locked = await h.post<MiningOrderView>(
      'Machine/buyMiningMachine',
      { id: fixed, amount: '50', day: 2, interest_rate: '0.1', paypassword: PAY },
      alice.token,
    );
    expect(locked.data.redeem_amount).toBe('0.00000000');
    expect((await h.post('Machine/redeemMiningMachine', { id: locked.data.id }, alice.token)).msg).toBe(
      'This order cannot be redeemed before its end',
    );

    const bob = await h.addUser('bob');
    const mine = await buy('200', 3, '0.1');
    expect((await h.post('Machine/redeemMiningMachine', { id: mine.data.id }, bob.token)).msg).toBe(
      'This order does not exist',
    );
    h.clock.advance(3 * DAY_MS);
    const before = h.everything();
    expect((await h.post('Machine/redeemMiningMachine', { id: mine.data.id }, alice.token)).msg).toBe(
      'This order has reached its end: the principal and interest are on their way back',
    );
    expect(h.everything()).toBe(before);
    await h.runJobs();
    expect((await orders()).find((o) => o.id === mine.data.id)).toMatchObject({
      status: 1,
      total_revenue: '0.60000000',
    });
  });

  it("refuses each bad purchase with its message and changes nothing; the rate is the server's", async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ amount: '99' }, 'The amount must be between 100 and 3000'],
      [{ amount: '3001' }, 'The amount must be between 100 and 3000'],
      [{ amount: '100.5' }, 'The amount must be a whole number'],
      [{ amount: '0' }, 'The amount must be a number greater than 0'],
      [{ day: 30 }, 'Please choose a lock period this product offers'],
      [{ interest_rate: '0.5' }, 'The rate of this period is now 0.3333%, please check and try again'],
      [{ day: 3, interest_rate: '0.3333' }, 'The rate of this period is now 0.1%, please check and try again'],
      [{ amount: '3000', id: 99_999 }, 'This mining product does not exist'],
    ];
    for (const [fields, message] of cases) {
      const before = h.everything();
      const answer = await h.post(
        'Machine/buyMiningMachine',
        { id: product.id, amount: '500', day: 7, interest_rate: '0.3333', paypassword: PAY, ...fields },
        alice.token,
      );
      expect({ fields, answer }).toEqual({ fields, answer: { code: 0, msg: message, data: null } });
      expect(h.everything(), JSON.stringify(fields)).toBe(before);
    }
    // The same rate written another way is the same rate.
    expect((await buy('500', 7, '0.33330')).code).toBe(1);
    const poor = await h.addUser('poor', { usdt: '150' });
    await h.setPayPassword(poor.id, PAY);
    const before = h.everything();
    expect((await buy('200', 7, '0.3333', poor.token)).msg).toBe('Insufficient available balance');
    expect(h.everything()).toBe(before);
  });

  it('asks for the transaction password while traders_password_switch is 1: none or a wrong one moves nothing, five wrong lock it', async () => {
    // Everything but the count of wrong attempts, which a wrong password is meant to write.
    const money = () =>
      JSON.stringify(
        (JSON.parse(h.everything()) as [string, unknown][]).filter(([table]) => table !== 'pay_password_attempts'),
      );
    for (const [extra, message] of [
      [{ paypassword: '' }, 'Please enter your transaction password'],
      [{ paypassword: 'nope0000' }, 'The transaction password is wrong (4 attempts left)'],
    ] as const) {
      const before = money();
      expect(await buy('500', 7, '0.3333', alice.token, extra)).toEqual({ code: 0, msg: message, data: null });
      expect(money(), JSON.stringify(extra)).toBe(before);
    }
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('5000'), frozen: 0n });

    // The right one locks the amount and starts the count again.
    const bought = await buy('500');
    expect(bought.code, bought.msg).toBe(1);
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('4500'), frozen: units('500') });
    // Past the 2 s in which the same purchase again reads as a double submit.
    h.clock.advance(3000);

    // Five wrong in a row lock buying for 30 minutes (one count with staking and withdrawals).
    for (let left = 4; left >= 1; left--)
      expect((await buy('500', 7, '0.3333', alice.token, { paypassword: 'nope0000' })).msg).toBe(
        `The transaction password is wrong (${left} attempts left)`,
      );
    expect((await buy('500', 7, '0.3333', alice.token, { paypassword: 'nope0000' })).msg).toBe(
      'Too many wrong transaction passwords, please try again in 30 min',
    );
    expect((await buy('500')).msg).toBe('Too many wrong transaction passwords, please try again in 30 min');
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('4500'), frozen: units('500') });
    h.clock.advance(30 * 60_000);
    expect((await buy('500')).code).toBe(1);

    // Someone with no transaction password is sent to set one; with the switch off none is asked.
    const bob = await h.addUser('bob', { usdt: '1000' });
    expect((await buy('500', 7, '0.3333', bob.token, { paypassword: 'whatever1' })).msg).toBe(
      'Please set a transaction password in the security center first',
    );
    h.setSwitch('traders_password_switch', 0);
    expect((await buy('500', 7, '0.3333', bob.token, { paypassword: '' })).code).toBe(1);
    expectBillsMatchBalances(h.db);
  });

  it('with machine_switch off refuses the products and buying, and still lists and redeems orders', async () => {
    const bought = await buy('500');
    h.setSwitch('machine_switch', 0);
    expect((await h.post('Machine/getMiningMachineList', {}, alice.token)).msg).toBe(
      'Lock mining is not available at the moment',
    );
    h.clock.advance(3000);
    expect((await buy('600')).msg).toBe('Lock mining is not available at the moment');
    expect(await orders()).toHaveLength(1);
    expect((await h.post('Machine/redeemMiningMachine', { id: bought.data.id }, alice.token)).code).toBe(1);
  });
});
