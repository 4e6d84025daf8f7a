import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BillListRepository } from '../../../../db/repositories/bill-list-repository.ts';
import { InternalTransferRepository } from '../../../../db/repositories/internal-transfer-repository.ts';
import { MAIN_ACCOUNT } from '../../../../domain/accounts.ts';
import { SEARCH_LIMIT_PER_MINUTE } from '../../../../domain/earn/earn-services.ts';
import { DAY_MS } from '../../../../jobs/periods.ts';
import { startEarnHarness, type EarnHarness } from '../../__tests__/earn-harness.ts';
import { billRemark } from '../bill-remark.ts';
import type { InternalTransferView, TransferCoinView } from '../internal-transfer-views.ts';
import { expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

interface Page<T> {
  list: T[];
  total: number;
}

type User = { id: number; token: string };

describe('internal transfers (api/Balance transfer calls)', () => {
  let h: EarnHarness;
  let alice: User;
  let bob: User;
  let usdt: TransferCoinView;

  beforeEach(async () => {
    h = await startEarnHarness();
    alice = await h.addUser('alice', { usdt: '1000' });
    bob = await h.addUser('bob', { usdt: '5' });
    await h.setPayPassword(alice.id, 'pay12345');
    // 0.25 % and two days, so fee and arrival are the coin's, not a default.
    new InternalTransferRepository(h.db).setCoin({ coinId: h.coinId('usdt'), feePpm: 2500, days: 2, sort: 1 });
    const coins = await h.post<{ list: TransferCoinView[] }>('Balance/getTransferCoin', {}, alice.token);
    usdt = coins.data.list.find((c) => c.title === 'USDT')!;
  });
  afterEach(async () => h.close());

  const send = (amount: string, extra: Record<string, string | number> = {}, from = alice, to = bob) =>
    h.post<InternalTransferView>(
      'Balance/transfer',
      { to_uid: to.id, c_id: usdt.id, amount, paypassword: 'pay12345', ...extra },
      from.token,
    );
  const records = async (user: User, status = 0) =>
    (await h.post<Page<InternalTransferView>>('Balance/getInternalTransferList', { status }, user.token)).data;

  it("lists the coins with the fee rate, arrival days and the caller's balance", () => {
    expect(usdt).toMatchObject({
      balance: '1000.00000000',
      internal_transfer_sxf: '0.0025',
      internal_transfer_days: 2,
      decimals: 8,
    });
  });

  it('finds the receiver by exact username (any letter case), never the caller or a partial name', async () => {
    expect(await h.post('Balance/searchUser', { username: 'BOB@example.com' }, alice.token)).toEqual({
      code: 1,
      msg: '',
      data: { id: bob.id, username: 'bob@example.com' },
    });
    expect((await h.post('Balance/searchUser', { username: 'bob' }, alice.token)).msg).toBe(
      'No user has this account name',
    );
    expect((await h.post('Balance/searchUser', { username: 'alice@example.com' }, alice.token)).msg).toBe(
      'You cannot transfer to yourself',
    );
  });

  it(`limits searches to ${SEARCH_LIMIT_PER_MINUTE} a minute per user, so usernames cannot be harvested`, async () => {
    for (let i = 0; i < SEARCH_LIMIT_PER_MINUTE; i++)
      expect((await h.post('Balance/searchUser', { username: `nobody${i}@example.com` }, alice.token)).msg).toBe(
        'No user has this account name',
      );
    const limited = await h.post('Balance/searchUser', { username: 'bob@example.com' }, alice.token);
    expect(limited).toEqual({ code: 0, msg: 'Too many searches, please try again in 60 s', data: null });
    // Another user has a limit of their own; the window slides.
    expect((await h.post('Balance/searchUser', { username: 'alice@example.com' }, bob.token)).data).toMatchObject({
      id: alice.id,
    });
    h.clock.advance(60_001);
    expect((await h.post('Balance/searchUser', { username: 'bob@example.com' }, alice.token)).code).toBe(1);
  });

  it('takes the amount from the sender at once and credits amount − fee to the receiver on arrival; both see it', async () => {
    const sent = await send('200.5');
    expect(sent.code, sent.msg).toBe(1);
    // 200.5 × 0.25 % = 0.50125.
    expect(sent.data).toMatchObject({
      status: 1,
      status_text: 'In transfer',
      direction: 'out',
      amount: '200.50000000',
      sxf: '0.50125000',
      arrival_amount: '199.99875000',
      to_username: 'bob@example.com',
    });
    expect(sent.data.arrival_time_ms).toBe(h.clock.now() + 2 * DAY_MS);
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('799.5'), frozen: units('200.5') });
    expect(h.balance(bob.id, 'usdt').available).toBe(units('5'));

    await h.advance(2 * DAY_MS - 10_000);
    expect(h.balance(bob.id, 'usdt').available).toBe(units('5'));
    await h.advance(10_000);
    expect(h.balance(bob.id, 'usdt').available).toBe(units('5') + units('199.99875'));
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('799.5'), frozen: 0n });

    const mine = await records(alice, 2);
    const theirs = await records(bob);
    expect(mine.list[0]).toMatchObject({ id: sent.data.id, status: 2, status_text: 'Finished', direction: 'out' });
    expect(theirs.list[0]).toMatchObject({
      id: sent.data.id,
      status: 2,
      direction: 'in',
      from_username: 'alice@example.com',
      arrival_amount: '199.99875000',
    });
    expect(h.ctx.reviews.findByRef('internal_transfer', sent.data.id)).toMatchObject({
      status: 'approved',
      decided_by: 'auto',
    });

    h.clock.advance(3000);
    expect((await h.post('Balance/cancelInternalTransfer', { id: sent.data.id }, alice.token)).msg).toBe(
      'Only a transfer still in progress can be cancelled',
    );
    await h.advance(5 * DAY_MS);
    expect(h.balance(bob.id, 'usdt').available).toBe(units('5') + units('199.99875'));
    expectBillsMatchBalances(h.db);
  });

  it('the sender cancels while in transfer: everything comes back and it never arrives; the receiver cannot cancel', async () => {
    const sent = await send('300');
    expect((await h.post('Balance/cancelInternalTransfer', { id: sent.data.id }, bob.token)).msg).toBe(
      'This transfer does not exist',
    );
    const cancelled = await h.post<InternalTransferView>(
      'Balance/cancelInternalTransfer',
      { id: sent.data.id },
      alice.token,
    );
    expect(cancelled).toMatchObject({
      code: 1,
      msg: 'Transfer cancelled, the amount is back in your account',
      data: { status: 3, status_text: 'Cancelled' },
    });
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('1000'), frozen: 0n });
    // The sender's statement names the transfer, not the review's internal kind, and the amount back.
    const bills = new BillListRepository(h.db).page(alice.id, h.coinId('usdt'), MAIN_ACCOUNT, 1, 2).rows;
    expect(bills.map((row) => [row.amount, billRemark(row, 'en')])).toEqual([
      [units('300'), `Internal transfer #${sent.data.id}: cancelled, returned`],
      [-units('300'), `Internal transfer #${sent.data.id}: frozen until it arrives`],
    ]);
    await h.advance(3 * DAY_MS);
    expect(h.balance(bob.id, 'usdt').available).toBe(units('5'));
    expect((await records(bob, 3)).list.map((r) => r.id)).toEqual([sent.data.id]);
    expect((await records(alice, 1)).total).toBe(0);
    expectBillsMatchBalances(h.db);
  });

  it('an operator may let a transfer arrive early, or reject it (everything back, with the reason)', async () => {
    const early = await send('10');
    h.ctx.reviews.approve(h.ctx.reviews.findByRef('internal_transfer', early.data.id)!.id);
    expect(h.balance(bob.id, 'usdt').available).toBe(units('5') + units('9.975'));
    const refused = await send('20');
    h.ctx.reviews.reject(h.ctx.reviews.findByRef('internal_transfer', refused.data.id)!.id, 'Suspicious activity');
    expect((await records(alice, 3)).list[0]).toMatchObject({
      id: refused.data.id,
      status: 3,
      reason: 'Suspicious activity',
    });
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('990'), frozen: 0n });
    // Neither is paid again by the arrival job.
    await h.advance(3 * DAY_MS);
    expect(h.balance(bob.id, 'usdt').available).toBe(units('5') + units('9.975'));
  });

  it('a coin without fee and without days arrives at the next run, whole', async () => {
    const btc = (await h.post<{ list: TransferCoinView[] }>('Balance/getTransferCoin', {}, alice.token)).data.list.find(
      (c) => c.title === 'BTC',
    )!;
    expect(btc).toMatchObject({ internal_transfer_sxf: '0', internal_transfer_days: 0 });
    h.grant(alice.id, 'btc', '1');
    const sent = await send('0.12345678', { c_id: btc.id });
    expect(sent.data).toMatchObject({ sxf: '0.00000000', arrival_amount: '0.12345678' });
    await h.runJobs();
    expect(h.balance(bob.id, 'btc').available).toBe(units('0.12345678'));
  });

  it('refuses each bad transfer with its message and changes nothing', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ to_uid: alice.id }, 'You cannot transfer to yourself'],
      [{ to_uid: 99_999 }, 'The receiving account does not exist'],
      [{ to_uid: '' }, 'Please confirm the receiving account'],
      [{ c_id: 99_999 }, 'This coin cannot be transferred'],
      [{ amount: '' }, 'Please enter the transfer amount'],
      [{ amount: '0' }, 'The amount must be a number greater than 0'],
      [{ amount: '1.123456789' }, 'USDT amounts can have at most 8 decimals'],
      [{ amount: '2000' }, 'Insufficient available balance'],
      [{ paypassword: '' }, 'Please enter your transaction password'],
      [{ paypassword: 'wrong000' }, 'The transaction password is wrong (4 attempts left)'],
    ];
    for (const [fields, message] of cases) {
      const before = h.everything();
      const answer = await send('10', fields);
      expect({ fields, answer }).toEqual({ fields, answer: { code: 0, msg: message, data: null } });
      // A wrong password is counted (pay_password_attempts); nothing else may change.
      if (!message.startsWith('The transaction password is wrong'))
        expect(h.everything(), JSON.stringify(fields)).toBe(before);
    }
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('1000'), frozen: 0n });
    expect((await records(alice)).total).toBe(0);
    expect((await send('10', {}, bob, alice)).msg).toBe(
      'Please set a transaction password in the security center first',
    );
  });

  it('with Internal_transfer_status off refuses searching and sending, and still lists and cancels', async () => {
    const sent = await send('10');
    h.setSwitch('Internal_transfer_status', 0);
    expect((await h.post('Balance/searchUser', { username: 'bob@example.com' }, alice.token)).msg).toBe(
      'Internal transfers are not available at the moment',
    );
    expect((await h.post('Balance/getTransferCoin', {}, alice.token)).msg).toBe(
      'Internal transfers are not available at the moment',
    );
    h.clock.advance(3000);
    expect((await send('11')).msg).toBe('Internal transfers are not available at the moment');
    expect((await records(alice)).total).toBe(1);
    expect((await h.post('Balance/cancelInternalTransfer', { id: sent.data.id }, alice.token)).code).toBe(1);
  });
});
