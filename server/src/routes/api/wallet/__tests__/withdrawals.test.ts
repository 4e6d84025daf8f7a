import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_PASSWORD, startWalletHarness, type WalletHarness } from './wallet-harness.ts';
import { everything, expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

interface Info {
  coin: string;
  decimals: number;
  balance: string;
  txminnum: string;
  txmaxnum: string;
  sxftype: number;
  txsxf: string;
  txsxf_n: string;
  address_list: { id: number; address: string; coin_net: string }[];
}
interface WithdrawalRecord {
  id: number;
  mum: string;
  fee: string;
  received: string;
  status: number;
  status_text: string;
  remark: string;
  withdraw_type: number;
  address: string;
  network: string;
}
interface Page<T> {
  list: T[];
  total: number;
}

const TRON = 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se';
const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describe('withdrawals', () => {
  let h: WalletHarness;
  beforeAll(async () => {
    h = await startWalletHarness();
  });
  afterAll(async () => h.close());

  /** A user with funds and a bound USDT address. */
  const withAddress = async (name: string, usdt = '1000') => {
    const user = await h.addUser(name, { usdt });
    const addressId = h.bindAddress(user.id, 'usdt', TRON);
    return { ...user, addressId };
  };
  const withdraw = (token: string, fields: Record<string, string | number>) =>
    h.post<{ id: number; num: string; fee: string; received: string }>(
      'User/withdraw',
      { c_id: h.coinId('usdt'), num: '100', paypwd: PAY_PASSWORD, withdraw_type: 1, ...fields },
      token,
    );
  const records = async (token: string) =>
    (await h.post<Page<WithdrawalRecord>>('User/getWithdrawList', { c_id: h.coinId('usdt'), type: 1, page: 1 }, token))
      .data.list;

  it('getCanWithdrawCoin lists the configured coins; getUserCoinBalance the balance, limits, fee and bound addresses', async () => {
    expect(
      (await h.get<{ list: { title: string }[] }>('Index/getCanWithdrawCoin', {})).data.list.map((c) => c.title),
    ).toEqual(['USDT', 'BTC']);
    const alice = await withAddress('alice', '123.45');
    const info = await h.post<Info>('User/getUserCoinBalance', { c_id: h.coinId('usdt') }, alice.token);
    expect(info.data).toEqual({
      coin: 'USDT',
      decimals: 8,
      balance: '123.45000000',
      txminnum: '10',
      txmaxnum: '50000',
      sxftype: 1,
      txsxf: '1',
      txsxf_n: '0',
      address_list: [{ id: alice.addressId, address: TRON, coin_net: 'TRC20' }],
    });
    const btc = await h.post<Info>('User/getUserCoinBalance', { c_id: h.coinId('btc') }, alice.token);
    expect(btc.data).toMatchObject({ sxftype: 2, txsxf_n: '0.0005', txminnum: '0.001', address_list: [] });
    expect((await h.post('User/getUserCoinBalance', { c_id: h.coinId('eth') }, alice.token)).msg).toBe(
      'ETH cannot be withdrawn',
    );
  });

  it('freezes the whole amount at once; approval takes it, the record shows fee and received', async () => {
    const alice = await withAddress('alice2');
    const answer = await withdraw(alice.token, { num: '100' });
    expect(answer).toMatchObject({
      code: 1,
      msg: 'Withdrawal submitted, waiting for review',
      data: { num: '100.00000000', fee: '1.00000000', received: '99.00000000' },
    });
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('900'), frozen: units('100') });
    expect(await records(alice.token)).toMatchObject([
      {
        mum: '100.00000000',
        fee: '1.00000000',
        received: '99.00000000',
        status: 1,
        status_text: 'Pending review',
        withdraw_type: 1,
        address: TRON,
        network: 'TRC20',
      },
    ]);
    const review = h.ctx.reviews.findByRef('withdrawal', answer.data.id)!;
    expect(review.hold).toEqual({ coinId: h.coinId('usdt'), accountType: 1, amount: units('100') });
    h.ctx.reviews.approve(review.id);
    expect(h.balance(alice.id, 'usdt')).toEqual({ available: units('900'), frozen: 0n });
    expect((await records(alice.token))[0]).toMatchObject({ status: 2, status_text: 'Completed' });
    // The bill explains the available balance: the freeze went out, nothing came back.
    const bills = await h.post<Page<{ st: number; num: string; remark: string }>>(
      'User/getBillList',
      { c_id: h.coinId('usdt'), type: 1, page: 1 },
      alice.token,
    );
    expect(bills.data.list[0]).toEqual(
      expect.objectContaining({
        st: 2,
        num: '100.00000000',
        remark: `Withdrawal #${answer.data.id}: frozen for review`,
      }),
    );
    expectBillsMatchBalances(h.db);
  });

  it('rejection unfreezes exactly the amount and shows the reason', async () => {
    const bob = await withAddress('bob', '55.55555555');
    const answer = await withdraw(bob.token, { num: '55.55555555' });
    expect(answer.data).toMatchObject({ fee: '0.55555556', received: '54.99999999' });
    expect(h.balance(bob.id, 'usdt')).toEqual({ available: 0n, frozen: units('55.55555555') });
    h.ctx.reviews.reject(h.ctx.reviews.findByRef('withdrawal', answer.data.id)!.id, 'Address on a blocklist');
    expect(h.balance(bob.id, 'usdt')).toEqual({ available: units('55.55555555'), frozen: 0n });
    expect((await records(bob.token))[0]).toMatchObject({ status: 3, remark: 'Address on a blocklist' });
    const bills = await h.post<Page<{ st: number; num: string; remark: string }>>(
      'User/getBillList',
      { c_id: h.coinId('usdt'), type: 1, page: 1 },
      bob.token,
    );
    expect(bills.data.list.slice(0, 2).map((b) => [b.st, b.num, b.remark])).toEqual([
      [1, '55.55555555', `Withdrawal #${answer.data.id}: not passed, returned`],
      [2, '55.55555555', `Withdrawal #${answer.data.id}: frozen for review`],
    ]);
    expectBillsMatchBalances(h.db);
  });

  it("takes the fixed fee when the coin's fee type is 2, and goes to a bound card by bank_id", async () => {
    const carol = await h.addUser('carol', { btc: '1' });
    const card = h.bindCard(carol.id, { bankName: 'Demo Bank', cardNumber: '6222021012345678', cardName: 'Carol' });
    const answer = await h.post<{ fee: string; received: string }>(
      'User/withdraw',
      { c_id: h.coinId('btc'), num: '0.001', paypwd: PAY_PASSWORD, withdraw_type: 2, bank_id: card },
      carol.token,
    );
    expect(answer.data).toMatchObject({ fee: '0.00050000', received: '0.00050000' });
    const list = await h.post<Page<WithdrawalRecord>>(
      'User/getWithdrawList',
      { c_id: h.coinId('btc'), type: 1, page: 1 },
      carol.token,
    );
    expect(list.data.list[0]).toMatchObject({ withdraw_type: 2, address: 'Demo Bank **** 5678', network: '' });
  });

  it('accepts the limits inclusive and refuses just outside them', async () => {
    const dave = await withAddress('dave', '60000');
    expect((await withdraw(dave.token, { num: '10' })).code).toBe(1);
    expect((await withdraw(dave.token, { num: '50000' })).code).toBe(1);
    expect((await withdraw(dave.token, { num: '9.99999999' })).msg).toBe(
      'The withdrawal amount must be between 10 and 50000 USDT',
    );
    expect((await withdraw(dave.token, { num: '50000.00000001' })).msg).toBe(
      'The withdrawal amount must be between 10 and 50000 USDT',
    );
    expect(
      (await h.post('User/withdraw', { c_id: h.coinId('usdt'), num: '5', paypwd: PAY_PASSWORD }, dave.token, 'zh-cn'))
        .msg,
    ).toBe('提现金额必须在 10 到 50000 USDT 之间');
  });

  describe('refusals: a clear message and nothing written', () => {
    let erin: { id: number; token: string; addressId: number };
    beforeAll(async () => {
      erin = await withAddress('erin', '500');
    });
    const refused = async (fields: Record<string, string | number>, message: string, token?: string) => {
      h.clock.advance(3000);
      const before = everything(h.db);
      expect(await withdraw(token ?? erin.token, fields)).toEqual({ code: 0, msg: message, data: null });
      expect(everything(h.db)).toBe(before);
    };

    it.each([
      [{ num: '' }, 'Please enter the withdrawal amount'],
      [{ num: '0' }, 'The amount must be a number greater than 0'],
      [{ num: 'abc' }, 'The amount must be a number greater than 0'],
      [{ num: '501' }, 'Insufficient available balance'],
      [{ paypwd: '' }, 'Please enter your transaction password'],
      [{ withdraw_type: 3 }, 'Please choose to withdraw to a wallet or to a bank card'],
      [{ withdraw_type: 2 }, 'Please choose a bound bank card'],
      [{ withdraw_type: 2, bank_id: 424242 }, 'Please choose one of your bound bank cards'],
      [{ address_id: 424242 }, 'Please choose one of your bound withdrawal addresses'],
      [{ c_id: 99999 }, 'This coin does not exist'],
    ])('%j: %s', async (fields, message) => refused(fields, message));

    it("someone else's address or card", async () => {
      const frank = await withAddress('frank');
      const card = h.bindCard(frank.id, { bankName: 'B', cardNumber: '1111222233334444', cardName: 'F' });
      await refused({ address_id: frank.addressId }, 'Please choose one of your bound withdrawal addresses');
      await refused({ withdraw_type: 2, bank_id: card }, 'Please choose one of your bound bank cards');
    });

    it('without a bound address for the coin', async () => {
      const gina = await h.addUser('gina', { usdt: '100' });
      await refused({}, 'Please bind a USDT withdrawal address first', gina.token);
    });

    it('an amount that the fee eats entirely', async () => {
      const hank = await h.addUser('hank', { btc: '1' });
      h.bindAddress(hank.id, 'btc', BITCOIN);
      h.setWalletConfig({
        withdraw: { btc: { min: '0.0001', max: '1', fee_type: 2, fee_fixed: '0.0005' } },
      });
      try {
        await refused(
          { c_id: h.coinId('btc'), num: '0.0005' },
          'The amount must be more than the fee of 0.0005 BTC',
          hank.token,
        );
        await refused(
          { c_id: h.coinId('btc'), num: '0.0001' },
          'The amount must be more than the fee of 0.0001 BTC',
          hank.token,
        );
      } finally {
        const { TEST_WALLET_CONFIG } = await import('./wallet-harness.ts');
        h.setWalletConfig(TEST_WALLET_CONFIG);
      }
    });

    it('while the switches are off', async () => {
      h.setSite({ withdrawal_status: 0 });
      await refused({}, 'Withdrawals are closed, please contact customer service');
      h.setSite({ withdrawal_status: 1, address_switch: 0 });
      await refused({}, 'Withdrawals to a wallet address are closed');
      h.setSite({ address_switch: 1, bank_switch: 0 });
      await refused({ withdraw_type: 2, bank_id: 1 }, 'Withdrawals to a bank card are closed');
      h.setSite({ bank_switch: 1 });
    });

    it('a wrong transaction password counts, and five in a row lock withdrawals for 30 minutes', async () => {
      const ivan = await withAddress('ivan');
      const balance = h.balance(ivan.id, 'usdt');
      for (let left = 4; left >= 1; left--) {
        h.clock.advance(3000);
        expect((await withdraw(ivan.token, { paypwd: 'wrong99' })).msg).toBe(
          `The transaction password is wrong (${left} attempts left)`,
        );
      }
      h.clock.advance(3000);
      expect((await withdraw(ivan.token, { paypwd: 'wrong99' })).msg).toBe(
        'Too many wrong transaction passwords, please try again in 30 min',
      );
      h.clock.advance(3000);
      expect((await withdraw(ivan.token, {})).msg).toBe(
        'Too many wrong transaction passwords, please try again in 30 min',
      );
      expect(h.balance(ivan.id, 'usdt')).toEqual(balance);
      h.clock.advance(30 * 60_000);
      expect((await withdraw(ivan.token, {})).code).toBe(1);
    });

    it('no password is asked while traders_password_switch is 0', async () => {
      const judy = await withAddress('judy');
      h.setSite({ traders_password_switch: 0 });
      try {
        expect((await withdraw(judy.token, { paypwd: '' })).code).toBe(1);
      } finally {
        h.setSite({ traders_password_switch: 1 });
      }
    });
  });

  describe("100 concurrent withdrawals of one user's whole balance", () => {
    it('accepts at most one, whatever the interleaving; the rest are refused and nothing else moves', async () => {
      const kim = await withAddress('kim', '1000');
      const before = h.db.prepare('SELECT COUNT(*) FROM withdrawals').pluck().get() as number;
      // 1000, 999.99999999, 999.99999998 …: all different to the double-submit guard, each more than
      // half the balance, so the ledger alone decides; every one waits on the password check first.
      const amounts = Array.from({ length: 100 }, (_, i) => (units('1000') - BigInt(i)).toString());
      const answers = await Promise.all(
        amounts.map((raw) => withdraw(kim.token, { num: `${raw.slice(0, -8)}.${raw.slice(-8)}` })),
      );
      const accepted = answers.filter((a) => a.code === 1);
      expect(accepted).toHaveLength(1);
      expect(new Set(answers.filter((a) => a.code !== 1).map((a) => a.msg))).toEqual(
        new Set(['Insufficient available balance']),
      );
      const taken = units(accepted[0]!.data.num);
      expect(h.balance(kim.id, 'usdt')).toEqual({ available: units('1000') - taken, frozen: taken });
      expect(h.db.prepare('SELECT COUNT(*) FROM withdrawals').pluck().get()).toBe(before + 1);
      expectBillsMatchBalances(h.db);
    });

    it('the same request 100 times at once: one accepted', async () => {
      const lee = await withAddress('lee', '1000');
      const answers = await Promise.all(Array.from({ length: 100 }, () => withdraw(lee.token, { num: '1000' })));
      expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
      expect(h.balance(lee.id, 'usdt')).toEqual({ available: 0n, frozen: units('1000') });
    });
  });
});
