import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoanRepository } from '../../../../../db/repositories/loan-repository.ts';
import { DAY_MS } from '../../../../../jobs/periods.ts';
import { startEarnHarness, type EarnHarness } from '../../../__tests__/earn-harness.ts';
import type { LoanOrderView, LoanProjectView } from '../loan-views.ts';
import { expectBillsMatchBalances, units } from '../../../../../__tests__/harness/index.ts';

interface Page<T> {
  list: T[];
  total: number;
}

describe('loans (api/Loan)', () => {
  let h: EarnHarness;
  let alice: { id: number; token: string };
  let project: LoanProjectView;
  let images: { front_card: string; later_card: string; handheld_card: string };

  beforeEach(async () => {
    h = await startEarnHarness();
    alice = await h.addUser('alice');
    // A product of our own, with a rate whose interest needs no rounding to check by hand.
    new LoanRepository(h.db).addProject({
      title: 'Test loan',
      mechanism: 'Test Bank',
      coin_id: h.coinId('usdt'),
      min_amount: units('100'),
      max_amount: units('2000'),
      rate_ppm: 1234,
      cycle_days: 10,
      sort: 0,
    });
    const projects = await h.post<{ list: LoanProjectView[] }>('Loan/getLoanProjects', {}, alice.token);
    project = projects.data.list.find((p) => p.title === 'Test loan')!;
    images = {
      front_card: await h.upload(alice.token),
      later_card: await h.upload(alice.token),
      handheld_card: await h.upload(alice.token),
    };
  });
  afterEach(async () => h.close());

  const apply = (amount: string | number, extra: Record<string, string> = {}, token = alice.token) =>
    h.post<LoanOrderView>('Loan/applyLoan', { id: project.id, amount, ...images, ...extra }, token);
  const pendingReview = (orderId: number) => h.ctx.reviews.findByRef('loan', orderId)!;

  it('lists the products with institution, amount range, daily interest and period; one by id', async () => {
    expect(project).toMatchObject({
      mechanism: 'Test Bank',
      minprice: '100',
      maxprice: '2000',
      interest_rate: '0.1234',
      cycle: 10,
      coin: 'USDT',
    });
    const one = await h.post<{ list: LoanProjectView[] }>('Loan/getLoanProjects', { id: project.id }, alice.token);
    expect(one.data.list).toEqual([project]);
    expect((await h.post('Loan/getLoanProjects', { id: 99_999 }, alice.token)).msg).toBe(
      'This loan product does not exist',
    );
  });

  it('applies into the review queue (status 1), approval credits the principal and fixes the repayment time and total, repayment is once', async () => {
    const applied = await apply('1000');
    expect(applied.code, applied.msg).toBe(1);
    expect(applied.msg).toBe('Application submitted, please wait for the review');
    // 1000 × 0.1234 % × 10 days = 12.34: the documented interest, exactly.
    expect(applied.data).toMatchObject({
      status: 1,
      amount: '1000.00000000',
      interest: '12.34000000',
      total_amount: '1012.34000000',
      repayment_time: '',
      is_repayment: 0,
    });
    const review = pendingReview(applied.data.id);
    expect(review).toMatchObject({ status: 'pending', hold: null, user_id: alice.id });
    expect(h.balance(alice.id, 'usdt').available).toBe(0n);

    h.clock.advance(3_600_000);
    h.ctx.reviews.approve(review.id);
    const approved = (await h.post<Page<LoanOrderView>>('Loan/getLoanRecords', { status: 2 }, alice.token)).data
      .list[0]!;
    expect(approved).toMatchObject({
      id: applied.data.id,
      status: 2,
      status_text: 'Approved',
      is_repayment: 0,
      total_amount: '1012.34000000',
    });
    expect(approved.repayment_time_ms).toBe(h.clock.now() + 10 * DAY_MS);
    expect(h.balance(alice.id, 'usdt').available).toBe(units('1000'));

    const short = await h.post('Loan/repay', { order_num: approved.order_num }, alice.token);
    expect(short.msg).toBe('Your available balance does not cover the repayment of 1012.34000000 USDT');
    expect(h.balance(alice.id, 'usdt').available).toBe(units('1000'));

    h.grant(alice.id, 'usdt', '12.34');
    const repaid = await h.post<LoanOrderView>('Loan/repay', { order_num: approved.order_num }, alice.token);
    expect(repaid.code, repaid.msg).toBe(1);
    expect(repaid.data).toMatchObject({ is_repayment: 1, is_repayment_text: 'Repaid' });
    expect(h.balance(alice.id, 'usdt').available).toBe(0n);

    h.clock.advance(5000);
    const twice = await h.post('Loan/repay', { order_num: approved.order_num }, alice.token);
    expect(twice).toEqual({ code: 0, msg: 'This loan has already been repaid', data: null });
    expect(h.balance(alice.id, 'usdt').available).toBe(0n);
    expectBillsMatchBalances(h.db);
  });

  it('refuses each bad input with its message and changes nothing', async () => {
    const bob = await h.addUser('bob');
    const bobImage = await h.upload(bob.token);
    const cases: [Record<string, string | number>, string][] = [
      [{ amount: '99' }, 'The loan amount must be between 100 and 2000'],
      [{ amount: '2001' }, 'The loan amount must be between 100 and 2000'],
      [{ amount: '150.5' }, 'The loan amount must be a whole number'],
      [{ amount: '' }, 'Please enter the loan amount'],
      [{ amount: '500', front_card: '' }, 'Please upload the front of your ID'],
      // Checked in order: front, back, handheld.
      [{ amount: '500', later_card: '', handheld_card: '' }, 'Please upload the back of your ID'],
      [{ amount: '500', handheld_card: '' }, 'Please upload a photo of yourself holding your ID'],
      [{ amount: '500', front_card: bobImage }, 'Please upload the front of your ID'],
      [{ amount: '500', later_card: 'https://evil.example/uploads/x.jpg' }, 'Please upload the back of your ID'],
      [{ amount: '500', id: 99_999 }, 'This loan product does not exist'],
    ];
    for (const [fields, message] of cases) {
      const before = h.everything();
      const answer = await h.post('Loan/applyLoan', { id: project.id, ...images, ...fields }, alice.token);
      expect({ fields, answer }).toEqual({ fields, answer: { code: 0, msg: message, data: null } });
      expect(h.everything(), JSON.stringify(fields)).toBe(before);
    }
    const zh = await h.post('Loan/applyLoan', { id: project.id, amount: '99', ...images }, alice.token, 'zh-cn');
    expect(zh.msg).toBe('借款金额必须在 100 到 2000 之间');
  });

  it('accepts the full URL the upload answered and stores the relative one', async () => {
    const applied = await apply('500', { front_card: `https://app.example.com${images.front_card}` });
    expect(applied.code, applied.msg).toBe(1);
    expect(new LoanRepository(h.db).find(applied.data.id)!.front_card).toBe(images.front_card);
  });

  it('allows one open application or unpaid loan per product; a rejected one frees it', async () => {
    const first = await apply('500');
    h.clock.advance(3000);
    expect((await apply('600')).msg).toBe(
      'You already have an application under review or an unpaid loan of this product',
    );
    h.ctx.reviews.reject(pendingReview(first.data.id).id, 'Blurred photo');
    const rejected = (await h.post<Page<LoanOrderView>>('Loan/getLoanRecords', { status: 3 }, alice.token)).data
      .list[0]!;
    expect(rejected).toMatchObject({ status: 3, status_text: 'Rejected', reason: 'Blurred photo' });
    expect((await apply('600')).code).toBe(1);
  });

  it("cancels a pending application (4 in the filter), not an approved one, not another user's", async () => {
    const bob = await h.addUser('bob');
    const pending = await apply('500');
    expect((await h.post('Loan/cancelLoanApply', { id: pending.data.id }, bob.token)).msg).toBe(
      'This loan does not exist',
    );
    const cancelled = await h.post<LoanOrderView>('Loan/cancelLoanApply', { id: pending.data.id }, alice.token);
    expect(cancelled).toMatchObject({
      code: 1,
      msg: 'Application cancelled',
      data: { status: 4, status_text: 'Cancelled' },
    });
    expect(pendingReview(pending.data.id)).toMatchObject({ status: 'cancelled', decided_by: 'user' });
    expect(
      (await h.post<Page<LoanOrderView>>('Loan/getLoanRecords', { status: 4 }, alice.token)).data.list.map((o) => o.id),
    ).toEqual([pending.data.id]);
    h.clock.advance(3000);
    expect((await h.post('Loan/cancelLoanApply', { id: pending.data.id }, alice.token)).msg).toBe(
      'Only an application under review can be cancelled',
    );

    const second = await apply('700');
    h.ctx.reviews.approve(pendingReview(second.data.id).id);
    expect((await h.post('Loan/cancelLoanApply', { id: second.data.id }, alice.token)).msg).toBe(
      'Only an application under review can be cancelled',
    );
    const all = await h.post<Page<LoanOrderView>>('Loan/getLoanRecords', {}, alice.token);
    expect(all.data.list.map((o) => o.status)).toEqual([2, 4]);
  });

  it("refuses repaying before approval and another user's loan", async () => {
    const pending = await apply('500');
    expect((await h.post('Loan/repay', { order_num: pending.data.order_num }, alice.token)).msg).toBe(
      'This loan has not been approved',
    );
    const bob = await h.addUser('bob', { usdt: '10000' });
    h.ctx.reviews.approve(pendingReview(pending.data.id).id);
    expect((await h.post('Loan/repay', { order_num: pending.data.order_num }, bob.token)).msg).toBe(
      'This loan does not exist',
    );
    expect(h.balance(bob.id, 'usdt').available).toBe(units('10000'));
  });

  it('refuses a second identical submit within 2 s (the posting flag on the server)', async () => {
    expect((await apply('500')).code).toBe(1);
    expect((await apply('500')).msg).toBe('This was just submitted, please wait a moment');
  });

  it('with loan_switch off refuses products and applying, and still serves records and repayment', async () => {
    const applied = await apply('500');
    h.ctx.reviews.approve(pendingReview(applied.data.id).id);
    h.setSwitch('loan_switch', 0);
    expect((await h.post('Loan/getLoanProjects', {}, alice.token)).msg).toBe('Loans are not available at the moment');
    h.clock.advance(3000);
    const before = h.everything();
    expect((await apply('600')).msg).toBe('Loans are not available at the moment');
    expect(h.everything()).toBe(before);
    expect((await h.post<Page<LoanOrderView>>('Loan/getLoanRecords', {}, alice.token)).data.total).toBe(1);
    h.grant(alice.id, 'usdt', '10');
    expect((await h.post('Loan/repay', { order_num: applied.data.order_num }, alice.token)).code).toBe(1);
  });
});
