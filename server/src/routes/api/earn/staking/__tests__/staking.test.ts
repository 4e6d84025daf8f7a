import Big from 'big.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StakingRepository } from '../../../../../db/repositories/staking-repository.ts';
import { DAY_MS } from '../../../../../jobs/periods.ts';
import { startEarnHarness, type EarnHarness } from '../../../__tests__/earn-harness.ts';
import type { StakingOrderView, StakingProjectView } from '../staking-views.ts';
import { expectBillsMatchBalances, units } from '../../../../../__tests__/harness/index.ts';

interface Page<T> {
  list: T[];
  total: number;
}

/** The documented revenue: amount × yearly rate % / 100 × days / 365, rounded down to 1e-8, in units. */
const documented = (amount: string, yearlyPercent: string, days: number): bigint =>
  units(new Big(amount).times(yearlyPercent).div(100).times(days).div(365).round(8, Big.roundDown).toFixed(8));

describe('staking (api/Balance staking calls)', () => {
  let h: EarnHarness;
  let alice: { id: number; token: string };
  let project: StakingProjectView;

  beforeEach(async () => {
    h = await startEarnHarness();
    alice = await h.addUser('alice', { usdt: '5000' });
    await h.setPayPassword(alice.id, 'pay12345');
    new StakingRepository(h.db).add({
      title: 'Test staking',
      img: '',
      coin_id: h.coinId('usdt'),
      type: 1,
      redeem_fee_ppm: 10_000,
      sort: 0,
      terms: [
        { days: 30, rate_ppm: 85_000, min_amount: units('100') },
        { days: 90, rate_ppm: 100_000, min_amount: units('1000') },
      ],
    });
    const list = await h.post<{ list: StakingProjectView[] }>('Balance/getStakingProjects', {}, alice.token);
    project = list.data.list.find((p) => p.title === 'Test staking')!;
  });
  afterEach(async () => h.close());

  const period = (days: number) => project.staking_info.find((info) => info.days === days)!;
  const stake = (amount: string, days = 30, extra: Record<string, string | number> = {}, token = alice.token) =>
    h.post<StakingOrderView>(
      'Balance/submitStaking',
      { id: project.id, s_id: period(days).id, amount, paypassword: 'pay12345', ...extra },
      token,
    );
  const orders = async (fields: Record<string, number> = {}) =>
    (await h.post<Page<StakingOrderView>>('Balance/getStakingOrderList', fields, alice.token)).data;

  it("lists each project with its periods (days, yearly rate, minimum) and the caller's balance", () => {
    expect(project).toMatchObject({ coin: { title: 'USDT' }, type: 1, redeem_fee_rate: '1', balance: '5000.00000000' });
    expect(
      project.staking_info.map(({ days, interest_rate, min_price }) => ({ days, interest_rate, min_price })),
    ).toEqual([
      { days: 30, interest_rate: '8.5', min_price: '100' },
      { days: 90, interest_rate: '10', min_price: '1000' },
    ]);
  });

  it('stakes a whole amount, accrues the yearly rate day by day, and at the end pays back the principal and exactly the documented revenue', async () => {
    const staked = await stake('1001');
    expect(staked.code, staked.msg).toBe(1);
    const total = documented('1001', '8.5', 30);
    // Not a whole number of units a day: the days must still add up to the documented total.
    expect(total).toBe(units('6.99328767'));
    expect(staked.data).toMatchObject({
      status: 0,
      status_text: 'Staking',
      amount: '1001.00000000',
      days: 30,
      interest_rate: '8.5',
      estimated_revenue: '6.99328767',
    });
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('3999'), frozen: units('1001') });

    for (let day = 1; day <= 29; day++) {
      await h.advance(DAY_MS);
      expect(h.balance(alice.id, 'usdt').available - units('3999'), `day ${day}`).toBe(documented('1001', '8.5', day));
    }
    expect((await orders()).list[0]).toMatchObject({
      status: 0,
      total_revenue: new Big(documented('1001', '8.5', 29).toString()).div(1e8).toFixed(8),
    });
    await h.advance(DAY_MS);
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('5000') + total, frozen: 0n });
    expect((await orders({ status: 1 })).list[0]).toMatchObject({
      status: 1,
      status_text: 'Ended',
      total_revenue: '6.99328767',
    });

    await h.advance(30 * DAY_MS, 10 * DAY_MS);
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('5000') + total, frozen: 0n });
    expectBillsMatchBalances(h.db);
  });

  it('a restart in the middle pays nothing twice', async () => {
    await stake('3000', 90, { s_id: period(90).id });
    await h.advance(40 * DAY_MS, 10 * DAY_MS);
    expect(h.balance(alice.id, 'usdt').available).toBe(units('2000') + documented('3000', '10', 40));
    const restarted = h.otherProcess();
    await restarted.run();
    h.clock.advance(60 * DAY_MS);
    await Promise.all([restarted.run(), h.runJobs(), h.otherProcess().run()]);
    expect(h.balance(alice.id, 'usdt')).toEqual({
      available: units('5000') + documented('3000', '10', 90),
      frozen: 0n,
    });
    expectBillsMatchBalances(h.db);
  });

  it('redeems a type 1 order: the ended days are kept, the principal comes back less the stated fee (status 2)', async () => {
    const staked = await stake('1000');
    await h.advance(10 * DAY_MS);
    h.clock.advance(DAY_MS / 3);
    expect((await orders()).list[0]!.redeem_amount).toBe('990.00000000');
    const redeemed = await h.post<StakingOrderView>('Balance/redeemStaking', { id: staked.data.id }, alice.token);
    expect(redeemed).toMatchObject({
      code: 1,
      data: { status: 2, status_text: 'Redeemed', redeem_amount: '990.00000000' },
    });
    expect(h.balance(alice.id, 'usdt')).toEqual({
      available: units('4990') + documented('1000', '8.5', 10),
      frozen: 0n,
    });
    await h.advance(30 * DAY_MS, 10 * DAY_MS);
    expect(h.balance(alice.id, 'usdt')).toEqual({
      available: units('4990') + documented('1000', '8.5', 10),
      frozen: 0n,
    });
    expect((await orders({ status: 2 })).total).toBe(1);
    expect((await orders({ status: 0 })).total).toBe(0);
    expectBillsMatchBalances(h.db);
  });

  it("refuses redeeming a type 0 project's order and another user's", async () => {
    const fixed = (
      await h.post<{ list: StakingProjectView[] }>('Balance/getStakingProjects', {}, alice.token)
    ).data.list.find((p) => p.type === 0)!;
    h.grant(alice.id, 'eth', '3');
    const order = await h.post<StakingOrderView>(
      'Balance/submitStaking',
      { id: fixed.id, s_id: fixed.staking_info[0]!.id, amount: '2', paypassword: 'pay12345' },
      alice.token,
    );
    expect(order.code, order.msg).toBe(1);
    expect((await h.post('Balance/redeemStaking', { id: order.data.id }, alice.token)).msg).toBe(
      'This staking order cannot be redeemed before its end',
    );
    const bob = await h.addUser('bob');
    expect((await h.post('Balance/redeemStaking', { id: order.data.id }, bob.token)).msg).toBe(
      'This staking order does not exist',
    );
  });

  it('refuses each bad request with its message and changes nothing', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ amount: '' }, 'Please enter the staking amount'],
      [{ amount: '150.5' }, 'The staking amount must be a whole number'],
      [{ amount: '1e3' }, 'The staking amount must be a whole number'],
      [{ amount: '99' }, 'The minimum staking amount is 100'],
      [{ amount: '999', s_id: 0 }, 'Please choose a staking period'],
      [{ id: 99_999 }, 'This staking project does not exist'],
      [{ paypassword: '' }, 'Please enter your transaction password'],
      [{ amount: '6000' }, 'Insufficient available balance'],
    ];
    for (const [fields, message] of cases) {
      const before = h.everything();
      const answer = await stake('500', 30, fields);
      expect({ fields, answer }).toEqual({ fields, answer: { code: 0, msg: message, data: null } });
      expect(h.everything(), JSON.stringify(fields)).toBe(before);
    }
    // The 90-day period needs 1000; another project's period is not this project's.
    expect((await stake('999', 90, { s_id: period(90).id })).msg).toBe('The minimum staking amount is 1000');
    const other = (
      await h.post<{ list: StakingProjectView[] }>('Balance/getStakingProjects', {}, alice.token)
    ).data.list.find((p) => p.id !== project.id)!;
    expect((await stake('500', 30, { s_id: other.staking_info[0]!.id })).msg).toBe(
      'Please choose a period this project offers',
    );
    expect((await stake('99', 30, {}, alice.token)).msg).toBe('The minimum staking amount is 100');
    expect(
      (
        await h.post(
          'Balance/submitStaking',
          { id: project.id, s_id: period(30).id, amount: '99' },
          alice.token,
          'zh-cn',
        )
      ).msg,
    ).toBe('最低质押数量为 100');
  });

  it('checks the transaction password while the switch is on: wrong, not set; and not at all while it is off', async () => {
    const wrong = await stake('500', 30, { paypassword: 'nope0000' });
    expect(wrong.msg).toBe('The transaction password is wrong (4 attempts left)');
    const bob = await h.addUser('bob', { usdt: '1000' });
    expect((await stake('500', 30, {}, bob.token)).msg).toBe(
      'Please set a transaction password in the security center first',
    );
    h.setSwitch('traders_password_switch', 0);
    expect((await stake('500', 30, { paypassword: '' }, bob.token)).code).toBe(1);
  });

  it('with staking_switch off refuses projects and staking, and still lists and redeems orders', async () => {
    const staked = await stake('500');
    h.setSwitch('staking_switch', 0);
    expect((await h.post('Balance/getStakingProjects', {}, alice.token)).msg).toBe(
      'Staking is not available at the moment',
    );
    h.clock.advance(3000);
    expect((await stake('600')).msg).toBe('Staking is not available at the moment');
    expect((await orders()).total).toBe(1);
    expect((await h.post('Balance/redeemStaking', { id: staked.data.id }, alice.token)).code).toBe(1);
  });
});
