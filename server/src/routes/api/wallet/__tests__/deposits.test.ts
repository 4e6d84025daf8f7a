import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewAutoApprovalJob } from '../../../../jobs/review-auto-approval.ts';
import { JobRunner } from '../../../../jobs/job-runner.ts';
import { startWalletHarness, TEST_WALLET_CONFIG, type WalletHarness } from './wallet-harness.ts';
import { everything, expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

interface RechargeCoin {
  id: number;
  title: string;
  networkList: {
    id: number;
    pay_type: number;
    coin_net: string;
    pay_img: string;
    address: string;
    bank_name?: string;
    card_number?: string;
    recipient?: string;
  }[];
}
interface Deposit {
  id: number;
  num: string;
  status: number;
  status_text: string;
  remark: string;
  address: string;
  network: string;
  updatetime: string;
}
interface Page<T> {
  list: T[];
  total: number;
}

describe('deposits', () => {
  let h: WalletHarness;
  beforeAll(async () => {
    h = await startWalletHarness();
  });
  afterAll(async () => h.close());

  const records = async (token: string, coin = 'usdt') =>
    (await h.post<Page<Deposit>>('User/getRechargeList', { c_id: h.coinId(coin), type: 1, page: 1 }, token)).data.list;

  it('getRechargeCoinList names the configured coins, networks with a QR code of the address, and the bank-wire details', async () => {
    const answer = await h.get<{ list: RechargeCoin[] }>('Index/getRechargeCoinList', {});
    expect(answer.code).toBe(1);
    expect(answer.data.list.map((c) => c.title)).toEqual(['USDT', 'BTC']);
    const [trc, erc, bank] = answer.data.list[0]!.networkList;
    // min: the operator's minimum, "0" where the network has none.
    expect(trc).toMatchObject({
      id: 1,
      pay_type: 1,
      coin_net: 'TRC20',
      address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
      min: '10',
    });
    expect(erc).toMatchObject({ id: 2, pay_type: 2, coin_net: 'ERC20', min: '0' });
    // The QR code is an SVG of the address's modules, different per address.
    expect(trc!.pay_img).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(trc!.pay_img.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect(erc!.pay_img).not.toBe(trc!.pay_img);
    expect(bank).toMatchObject({
      id: 3,
      pay_type: 3,
      coin_net: 'Bank wire',
      address: '',
      pay_img: '',
      bank_name: 'Test Bank',
      card_number: '6222 0000 1111 2222',
      recipient: 'Test Ltd',
    });
  });

  it('a deposit waits for review with its proof, is credited once on approval with a bill row, and shows as completed', async () => {
    const alice = await h.addUser('alice', { usdt: '5' });
    const proof = await h.uploadProof(alice.token);
    const answer = await h.post<{ id: number; status: number }>(
      'User/recharge',
      { c_id: h.coinId('usdt'), num: '250.5', payimg: proof, a_id: 1, type: 1 },
      alice.token,
    );
    expect(answer).toMatchObject({ code: 1, msg: 'Deposit submitted, waiting for review', data: { status: 1 } });
    expect(h.balance(alice.id, 'usdt').available).toBe(units('5'));
    expect(await records(alice.token)).toMatchObject([
      {
        num: '250.50000000',
        status: 1,
        status_text: 'Pending review',
        address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
        network: 'TRC20',
      },
    ]);
    const review = h.ctx.reviews.findByRef('deposit', answer.data.id)!;
    expect(review).toMatchObject({ status: 'pending', hold: null, user_id: alice.id });
    expect(review.summary).toBe('250.5 USDT via TRC20 to T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');

    h.clock.advance(5000);
    h.ctx.reviews.approve(review.id);
    expect(h.balance(alice.id, 'usdt').available).toBe(units('255.5'));
    const [record] = await records(alice.token);
    expect(record).toMatchObject({ status: 2, status_text: 'Completed', remark: '' });
    expect(record!.updatetime).toBe(new Date(h.clock.now()).toISOString().slice(0, 19).replace('T', ' '));
    const bills = await h.post<Page<{ st: number; num: string; remark: string }>>(
      'User/getBillList',
      { c_id: h.coinId('usdt'), type: 1, page: 1 },
      alice.token,
    );
    expect(bills.data.list[0]).toEqual(
      expect.objectContaining({ st: 1, num: '250.50000000', remark: `Deposit #${answer.data.id}` }),
    );
    // Taken once: a second decision changes nothing.
    const before = everything(h.db);
    expect(() => h.ctx.reviews.approve(review.id)).toThrow(/already approved/);
    expect(() => h.ctx.reviews.reject(review.id, 'late')).toThrow(/already approved/);
    expect(everything(h.db)).toBe(before);
    expectBillsMatchBalances(h.db);
  });

  it('a rejected deposit credits nothing and shows the reason', async () => {
    const bob = await h.addUser('bob');
    const proof = await h.uploadProof(bob.token);
    const answer = await h.post<{ id: number }>(
      'User/recharge',
      { c_id: h.coinId('usdt'), num: '99', payimg: proof, a_id: 3 },
      bob.token,
    );
    expect(answer.code, answer.msg).toBe(1);
    h.ctx.reviews.reject(h.ctx.reviews.findByRef('deposit', answer.data.id)!.id, 'The proof shows another amount');
    expect(h.balance(bob.id, 'usdt').available).toBe(0n);
    expect(await records(bob.token)).toMatchObject([
      {
        status: 3,
        status_text: 'Not passed',
        remark: 'The proof shows another amount',
        address: 'Test Bank 6222 0000 1111 2222',
        network: 'Bank wire',
      },
    ]);
    expect(
      (
        await h.post<Page<Deposit>>(
          'User/getRechargeList',
          { c_id: h.coinId('usdt'), type: 1, page: 1 },
          bob.token,
          'zh-cn',
        )
      ).data.list[0]!.status_text,
    ).toBe('未通过');
  });

  it('the demo review approves it by itself after REVIEW_AUTO_SECONDS', async () => {
    const carol = await h.addUser('carol');
    const proof = await h.uploadProof(carol.token);
    expect(
      (await h.post('User/recharge', { c_id: h.coinId('btc'), num: '0.5', payimg: proof, a_id: 4 }, carol.token)).code,
    ).toBe(1);
    const runner = new JobRunner({ db: h.db, now: () => h.clock.now() });
    runner.register(reviewAutoApprovalJob(h.ctx.reviews, 2));
    await runner.run();
    expect(h.balance(carol.id, 'btc').available).toBe(0n);
    h.clock.advance(2000);
    await runner.run();
    expect(h.balance(carol.id, 'btc').available).toBe(units('0.5'));
    expect((await records(carol.token, 'btc'))[0]!.status).toBe(2);
  });

  describe('refusals: a clear message and nothing written', () => {
    let dave: { id: number; token: string };
    let proof: string;
    beforeAll(async () => {
      dave = await h.addUser('dave');
      proof = await h.uploadProof(dave.token);
    });

    const refused = async (fields: Record<string, string | number>, message: string, token = dave.token) => {
      const before = everything(h.db);
      expect(
        await h.post('User/recharge', { c_id: h.coinId('usdt'), num: '10', payimg: proof, a_id: 1, ...fields }, token),
      ).toEqual({ code: 0, msg: message, data: null });
      expect(everything(h.db)).toBe(before);
    };

    it.each([
      [{ num: '' }, 'Please enter the deposit amount'],
      [{ num: '0' }, 'The amount must be a number greater than 0'],
      [{ num: '-5' }, 'The amount must be a number greater than 0'],
      [{ num: '1e3' }, 'The amount must be a number greater than 0'],
      [{ payimg: '' }, 'Please upload the payment proof'],
      [{ payimg: '/uploads/0123456789abcdef0123456789abcdef.jpg' }, 'Please upload the payment proof again'],
      [{ payimg: 'https://evil.example/x.jpg' }, 'Please upload the payment proof again'],
      [{ num: '9.99999999' }, 'The minimum deposit via TRC20 is 10 USDT'],
      [{ a_id: '' }, 'Please choose a deposit network'],
      [{ a_id: 4 }, 'This deposit network is not available'],
      [{ c_id: 0 }, 'Please choose a coin'],
      [{ c_id: 99999 }, 'This coin does not exist'],
    ])('%j: %s', async (fields, message) => refused(fields, message));

    it("someone else's proof", async () => {
      const eve = await h.addUser('eve');
      const evesProof = await h.uploadProof(eve.token);
      await refused({ payimg: evesProof }, 'Please upload the payment proof again');
    });

    it('a coin without deposit networks', async () => {
      await refused({ c_id: h.coinId('eth') }, 'ETH cannot be deposited');
    });

    it('while recharge_status or recharge_certificate is not 1', async () => {
      h.setSite({ recharge_status: 0 });
      await refused({}, 'Deposits are closed, please contact customer service');
      h.setSite({ recharge_status: 1, recharge_certificate: 0 });
      await refused({}, 'Please contact customer service to deposit');
      h.setSite({ recharge_certificate: 1 });
    });

    it('an identical deposit within 2 s', async () => {
      const fields = { c_id: h.coinId('usdt'), num: '12', payimg: proof, a_id: 2 };
      expect((await h.post('User/recharge', fields, dave.token)).code).toBe(1);
      await refused({ num: '12', a_id: 2 }, 'This was just submitted, please wait a moment');
    });

    it("follows the operator's configuration as it changes", async () => {
      h.setWalletConfig({ ...TEST_WALLET_CONFIG, deposit: [] });
      expect((await h.get<{ list: RechargeCoin[] }>('Index/getRechargeCoinList', {})).data.list).toEqual([]);
      await refused({ num: '13' }, 'USDT cannot be deposited');
      h.setWalletConfig(TEST_WALLET_CONFIG);
      h.clock.advance(3000);
      expect(
        (await h.post('User/recharge', { c_id: h.coinId('usdt'), num: '13', payimg: proof, a_id: 1 }, dave.token)).code,
      ).toBe(1);
    });
  });
});
