import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../../feed/prng.ts';
import { DAY_MS } from '../../../jobs/periods.ts';
import type { InternalTransferView, TransferCoinView } from '../wallet/internal-transfer-views.ts';
import type { StakingOrderView, StakingProjectView } from '../earn/staking/staking-views.ts';
import type { LoanOrderView, LoanProjectView } from '../earn/loans/loan-views.ts';
import type { MiningOrderView, MiningProductView } from '../earn/mining/machine-views.ts';
import { startEarnHarness, type EarnHarness } from './earn-harness.ts';
import { expectBillsMatchBalances } from '../../../__tests__/harness/index.ts';

type User = { id: number; token: string };
const SEED = 1313;
const STEPS = 160;

/**
 * The ledger property of the wallet, over the earn products: random loans (applied,
 * approved, rejected, cancelled, repaid), mining and staking orders (bought, run to their end,
 * redeemed), internal transfers (sent, arrived, cancelled) among four users while the clock moves and
 * the jobs run. After every step: every balance is the sum of its bills, none is negative, and each
 * coin's total over all users changed only by what the products' records say moved in or out.
 */
describe('the ledger over loans, mining, staking and internal transfers', () => {
  let h: EarnHarness;
  let users: User[];
  let images: Map<number, string>;
  const grants = new Map<number, bigint>();

  beforeAll(async () => {
    h = await startEarnHarness();
    users = [];
    images = new Map();
    for (const name of ['ann', 'ben', 'cat', 'dan']) {
      const user = await h.addUser(name, { usdt: '20000', eth: '20', btc: '2' });
      await h.setPayPassword(user.id, 'pay12345');
      users.push(user);
      images.set(user.id, await h.upload(user.token));
    }
    for (const [coin, amount] of [
      ['usdt', 20000n],
      ['eth', 20n],
      ['btc', 2n],
    ] as const) {
      grants.set(h.coinId(coin), amount * 4n * 100_000_000n);
    }
  });
  afterAll(async () => h.close());

  /** Each coin's total over every balance, and what the records say it should be. */
  function totals(): { actual: Map<number, bigint>; expected: Map<number, bigint> } {
    const rows = h.db
      .prepare(
        'SELECT coin_id, SUM(available) + SUM(frozen) AS total, MIN(available) AS low, MIN(frozen) AS lowf FROM balances GROUP BY coin_id',
      )
      .safeIntegers(true)
      .all() as {
      coin_id: bigint;
      total: bigint;
      low: bigint;
      lowf: bigint;
    }[];
    const actual = new Map<number, bigint>();
    for (const row of rows) {
      expect(row.low >= 0n && row.lowf >= 0n, `coin ${row.coin_id}: a negative balance`).toBe(true);
      actual.set(Number(row.coin_id), row.total);
    }
    const sum = (sql: string): Map<number, bigint> =>
      new Map(
        (h.db.prepare(sql).safeIntegers(true).all() as { coin_id: bigint; v: bigint }[]).map((r) => [
          Number(r.coin_id),
          r.v ?? 0n,
        ]),
      );
    const moved = [
      [1n, sum('SELECT coin_id, SUM(amount) AS v FROM loan_orders WHERE status = 2 GROUP BY coin_id')],
      [-1n, sum('SELECT coin_id, SUM(total_amount) AS v FROM loan_orders WHERE is_repayment = 1 GROUP BY coin_id')],
      [1n, sum('SELECT coin_id, SUM(total_revenue) AS v FROM mining_orders GROUP BY coin_id')],
      [1n, sum('SELECT coin_id, SUM(total_revenue) AS v FROM staking_orders GROUP BY coin_id')],
      [-1n, sum('SELECT coin_id, SUM(amount - returned) AS v FROM mining_orders WHERE status <> 0 GROUP BY coin_id')],
      [-1n, sum('SELECT coin_id, SUM(amount - returned) AS v FROM staking_orders WHERE status <> 0 GROUP BY coin_id')],
      [-1n, sum('SELECT coin_id, SUM(fee) AS v FROM internal_transfers WHERE status = 2 GROUP BY coin_id')],
    ] as const;
    const expected = new Map(grants);
    for (const [sign, byCoin] of moved)
      for (const [coin, value] of byCoin) expected.set(coin, (expected.get(coin) ?? 0n) + sign * value);
    return { actual, expected };
  }

  it(`holds after each of ${STEPS} random steps`, async () => {
    const random = new Prng(SEED);
    const pick = <T>(items: readonly T[]): T => items[random.int(0, items.length - 1)] as T;
    const loanProjects = (await h.post<{ list: LoanProjectView[] }>('Loan/getLoanProjects', {}, users[0]!.token)).data
      .list;
    const miningProducts = (
      await h.post<{ list: MiningProductView[] }>('Machine/getMiningMachineList', {}, users[0]!.token)
    ).data.list;
    const stakingProjects = (
      await h.post<{ list: StakingProjectView[] }>('Balance/getStakingProjects', {}, users[0]!.token)
    ).data.list;
    const transferCoins = (await h.post<{ list: TransferCoinView[] }>('Balance/getTransferCoin', {}, users[0]!.token))
      .data.list;
    const done: Record<string, number> = {};

    for (let step = 0; step < STEPS; step++) {
      const user = pick(users);
      const action = random.int(0, 10);
      let outcome = 'refused';
      if (action === 0) {
        const project = pick(loanProjects);
        const amount = random.int(Number(project.minprice), Number(project.maxprice));
        const answer = await h.post<LoanOrderView>(
          'Loan/applyLoan',
          {
            id: project.id,
            amount,
            front_card: images.get(user.id)!,
            later_card: images.get(user.id)!,
            handheld_card: images.get(user.id)!,
          },
          user.token,
        );
        if (answer.code === 1) outcome = 'loan applied';
      } else if (action === 1) {
        const pending = h.ctx.reviews.list({ kind: 'loan', pendingOnly: true, limit: 50 }).rows;
        if (pending.length > 0) {
          const review = pick(pending);
          const verdict = random.int(0, 2);
          if (verdict === 0) h.ctx.reviews.approve(review.id);
          else if (verdict === 1) h.ctx.reviews.reject(review.id, 'Not this time');
          else h.ctx.reviews.cancel(review.id, review.user_id);
          outcome = ['loan approved', 'loan rejected', 'loan cancelled'][verdict]!;
        }
      } else if (action === 2) {
        const loans = (
          await h.post<{ list: LoanOrderView[] }>('Loan/getLoanRecords', { status: 2 }, user.token)
        ).data.list.filter((l) => l.is_repayment === 0);
        if (
          loans.length > 0 &&
          (await h.post('Loan/repay', { order_num: pick(loans).order_num }, user.token)).code === 1
        )
          outcome = 'loan repaid';
      } else if (action === 3 || action === 4) {
        const product = pick(miningProducts);
        const days = product.cycle.split(',');
        const index = random.int(0, days.length - 1);
        const amount = random.int(
          Number(product.min_price),
          Math.min(Number(product.max_price), Number(product.min_price) * 20),
        );
        const answer = await h.post(
          'Machine/buyMiningMachine',
          {
            id: product.id,
            amount,
            day: days[index]!,
            interest_rate: product.interest_rate.split(',')[index]!,
            paypassword: 'pay12345',
          },
          user.token,
        );
        if (answer.code === 1) outcome = 'mining bought';
      } else if (action === 5) {
        const running = (
          await h.post<{ list: MiningOrderView[] }>('Machine/getMiningMachineOrders', { limit: 50 }, user.token)
        ).data.list.filter((o) => o.status === 0 && o.type === 1);
        if (
          running.length > 0 &&
          (await h.post('Machine/redeemMiningMachine', { id: pick(running).id }, user.token)).code === 1
        )
          outcome = 'mining redeemed';
      } else if (action === 6) {
        const project = pick(stakingProjects);
        const period = pick(project.staking_info);
        const amount = random.int(Number(period.min_price), Number(period.min_price) * 10);
        const answer = await h.post(
          'Balance/submitStaking',
          { id: project.id, s_id: period.id, amount, paypassword: 'pay12345' },
          user.token,
        );
        if (answer.code === 1) outcome = 'staked';
      } else if (action === 7) {
        const running = (
          await h.post<{ list: StakingOrderView[] }>(
            'Balance/getStakingOrderList',
            { status: 0, limit: 50 },
            user.token,
          )
        ).data.list.filter((o) => o.type === 1);
        if (
          running.length > 0 &&
          (await h.post('Balance/redeemStaking', { id: pick(running).id }, user.token)).code === 1
        )
          outcome = 'staking redeemed';
      } else if (action === 8) {
        const coin = pick(transferCoins);
        const to = pick(users.filter((other) => other !== user));
        const amount = `${random.int(1, 300)}.${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
        const answer = await h.post<InternalTransferView>(
          'Balance/transfer',
          {
            to_uid: to.id,
            c_id: coin.id,
            amount: coin.title === 'USDT' ? amount : `0.${String(random.int(1, 99_999_999)).padStart(8, '0')}`,
            paypassword: 'pay12345',
          },
          user.token,
        );
        if (answer.code === 1) outcome = 'transfer sent';
      } else if (action === 9) {
        const pending = (
          await h.post<{ list: InternalTransferView[] }>(
            'Balance/getInternalTransferList',
            { status: 1, limit: 50 },
            user.token,
          )
        ).data.list.filter((t) => t.direction === 'out');
        if (
          pending.length > 0 &&
          (await h.post('Balance/cancelInternalTransfer', { id: pick(pending).id }, user.token)).code === 1
        )
          outcome = 'transfer cancelled';
      } else {
        await h.advance(random.int(1, 3 * DAY_MS), DAY_MS);
        outcome = 'time passed';
      }
      // Past the 2 s double-submit window, so a repeated random call is a new one.
      h.clock.advance(2500);
      done[outcome] = (done[outcome] ?? 0) + 1;

      expectBillsMatchBalances(h.db);
      const { actual, expected } = totals();
      for (const [coin, value] of expected)
        expect(actual.get(coin) ?? 0n, `step ${step} (${outcome}), coin ${coin}`).toBe(value);
    }

    // Let everything run out, then check once more: nothing is left frozen but pending transfers' holds.
    await h.advance(200 * DAY_MS, 10 * DAY_MS);
    expectBillsMatchBalances(h.db);
    const { actual, expected } = totals();
    expect(actual).toEqual(expected);
    const frozen = h.db.prepare('SELECT COALESCE(SUM(frozen), 0) FROM balances').safeIntegers(true).pluck().get();
    const held = h.db
      .prepare('SELECT COALESCE(SUM(amount), 0) FROM internal_transfers WHERE status = 1')
      .safeIntegers(true)
      .pluck()
      .get();
    expect(frozen).toBe(held);
    // The run exercised every product.
    for (const outcome of ['loan applied', 'loan approved', 'mining bought', 'staked', 'transfer sent', 'time passed'])
      expect(done[outcome] ?? 0, outcome).toBeGreaterThan(0);
    // Each stake, transfer and mining purchase checks a transaction password (scrypt): on a busy machine the run takes longer than the default.
  }, 90_000);
});
