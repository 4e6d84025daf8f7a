import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWalletHarness, type WalletHarness } from './wallet-harness.ts';
import { everything, expectBillsMatchBalances, units } from '../../../../__tests__/harness/index.ts';

interface Page<T> {
  list: T[];
  total: number;
}
interface TransferRecord {
  id: number;
  num: string;
  status: number;
  status_text: string;
  from_type: number;
  to_type: number;
  coin: string;
  msg: string;
  updatetime: string;
}
interface Bill {
  id: number;
  st: number;
  num: string;
  remark: string;
  addtime: string;
}

describe('transfer between own accounts', () => {
  let h: WalletHarness;
  beforeAll(async () => {
    h = await startWalletHarness();
  });
  afterAll(async () => h.close());

  it('moves the amount at once with a bill row on each side, and lists it for both accounts', async () => {
    const alice = await h.addUser('alice', { usdt: '100' });
    const usdt = h.coinId('usdt');
    const answer = await h.post('User/transfer', { c_id: usdt, num: '30.25', from_type: 1, to_type: 2 }, alice.token);
    expect(answer).toMatchObject({
      code: 1,
      msg: 'Transfer completed',
      data: { num: '30.25000000', from_type: 1, to_type: 2 },
    });
    expect(h.balance(alice.id, 'usdt', 1).available).toBe(units('69.75'));
    expect(h.balance(alice.id, 'usdt', 2).available).toBe(units('30.25'));
    expectBillsMatchBalances(h.db);

    for (const type of [1, 2]) {
      const list = await h.post<Page<TransferRecord>>(
        'User/getTransferList',
        { c_id: usdt, type, page: 1, limit: 10 },
        alice.token,
      );
      expect(list.data.total).toBe(1);
      expect(list.data.list[0]).toMatchObject({
        num: '30.25000000',
        status: 2,
        status_text: 'Completed',
        from_type: 1,
        to_type: 2,
        coin: 'USDT',
        msg: '30.25 USDT moved from the Option account to the Funds account',
      });
      expect(list.data.list[0]!.updatetime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    const zh = await h.post<Page<TransferRecord>>(
      'User/getTransferList',
      { c_id: usdt, type: 2, page: 1, limit: 10 },
      alice.token,
      'zh-cn',
    );
    expect(zh.data.list[0]!.msg).toBe('30.25 USDT 已从期权账户划转到资金账户');

    // The bill of each side: signed by st, newest first, remark in the caller's language.
    const out = await h.post<Page<Bill>>('User/getBillList', { c_id: usdt, type: 1, page: 1, limit: 10 }, alice.token);
    expect(out.data.list.map((b) => [b.st, b.num])).toEqual([
      [2, '30.25000000'],
      [1, '100.00000000'],
    ]);
    expect(out.data.list[0]!.remark).toMatch(/^Transfer between accounts #\d+$/);
    expect(out.data.list[1]!.remark).toBe('Platform credit');
    const into = await h.post<Page<Bill>>('User/getBillList', { c_id: usdt, type: 2, page: 1, limit: 10 }, alice.token);
    expect(into.data.list.map((b) => [b.st, b.num])).toEqual([[1, '30.25000000']]);
  });

  it.each([
    [{ from_type: 1, to_type: 1, num: '1' }, 'Please choose two different accounts'],
    [{ from_type: 1, to_type: 3, num: '1' }, 'This account is not open'],
    [{ from_type: 3, to_type: 1, num: '1' }, 'This account is not open'],
    [{ from_type: 1, to_type: 2, num: '1.000000001' }, 'The amount can have at most 8 decimals for USDT'],
    [{ from_type: 1, to_type: 2, num: '100.01' }, 'Insufficient available balance'],
    [{ from_type: 1, to_type: 2, num: '0' }, 'The amount must be a number greater than 0'],
    [{ from_type: 1, to_type: 2, num: '' }, 'Please enter the transfer amount'],
    [{ from_type: 4, to_type: 2, num: '1' }, 'Please choose an account'],
    [{ from_type: 2, to_type: 1, num: '1' }, 'Insufficient available balance'],
  ])('refuses %j with "%s" and changes nothing', async (fields, message) => {
    const user = await h.addUser(`u${Math.random().toString(36).slice(2, 8)}`, { usdt: '100' });
    const before = everything(h.db);
    const answer = await h.post('User/transfer', { c_id: h.coinId('usdt'), ...fields }, user.token);
    expect(answer).toEqual({ code: 0, msg: message, data: null });
    expect(everything(h.db)).toBe(before);
  });

  it('refuses more decimals than the coin has, naming them', async () => {
    const user = await h.addUser('decimals', { usdt: '100' });
    h.db.prepare("UPDATE coins SET decimals = 2 WHERE name = 'usdt'").run();
    try {
      const answer = await h.post(
        'User/transfer',
        { c_id: h.coinId('usdt'), num: '1.005', from_type: 1, to_type: 2 },
        user.token,
      );
      expect(answer).toEqual({ code: 0, msg: 'The amount can have at most 2 decimals for USDT', data: null });
    } finally {
      h.db.prepare("UPDATE coins SET decimals = 8 WHERE name = 'usdt'").run();
    }
  });

  it('allows type 3 while quantize_switch is 1, and is refused while account_transfer_status is 0', async () => {
    const user = await h.addUser('quant', { usdt: '10' });
    h.setSite({ quantize_switch: 1 });
    expect(
      (await h.post('User/transfer', { c_id: h.coinId('usdt'), num: '4', from_type: 1, to_type: 3 }, user.token)).code,
    ).toBe(1);
    expect(h.balance(user.id, 'usdt', 3).available).toBe(units('4'));
    h.setSite({ account_transfer_status: 0 });
    const before = everything(h.db);
    expect(
      await h.post('User/transfer', { c_id: h.coinId('usdt'), num: '1', from_type: 3, to_type: 1 }, user.token),
    ).toEqual({
      code: 0,
      msg: 'Transfers between accounts are closed',
      data: null,
    });
    expect(everything(h.db)).toBe(before);
    h.setSite({ account_transfer_status: 1, quantize_switch: 0 });
  });

  it('refuses an identical transfer within 2 s, then takes it again later', async () => {
    const user = await h.addUser('twice', { usdt: '10' });
    const fields = { c_id: h.coinId('usdt'), num: '1', from_type: 1, to_type: 2 };
    expect((await h.post('User/transfer', fields, user.token)).code).toBe(1);
    expect((await h.post('User/transfer', fields, user.token)).msg).toBe(
      'This was just submitted, please wait a moment',
    );
    h.clock.advance(2500);
    expect((await h.post('User/transfer', fields, user.token)).code).toBe(1);
    expect(h.balance(user.id, 'usdt', 2).available).toBe(units('2'));
  });

  it("lists only the caller's own rows, 10 a page, newest first", async () => {
    const owner = await h.addUser('owner', { usdt: '100' });
    const other = await h.addUser('other', { usdt: '100' });
    const usdt = h.coinId('usdt');
    for (let i = 1; i <= 12; i++) {
      expect(
        (await h.post('User/transfer', { c_id: usdt, num: String(i), from_type: 1, to_type: 2 }, owner.token)).code,
      ).toBe(1);
    }
    const first = await h.post<Page<TransferRecord>>(
      'User/getTransferList',
      { c_id: usdt, type: 1, page: 1 },
      owner.token,
    );
    expect(first.data.total).toBe(12);
    expect(first.data.list.map((r) => r.num)).toEqual(
      ['12', '11', '10', '9', '8', '7', '6', '5', '4', '3'].map((n) => `${n}.00000000`),
    );
    const second = await h.post<Page<TransferRecord>>(
      'User/getTransferList',
      { c_id: usdt, type: 1, page: 2 },
      owner.token,
    );
    expect(second.data.list.map((r) => r.num)).toEqual(['2.00000000', '1.00000000']);
    expect(
      (await h.post<Page<TransferRecord>>('User/getTransferList', { c_id: usdt, type: 1, page: 1 }, other.token)).data,
    ).toEqual({ list: [], total: 0 });
    expect(
      (await h.post<Page<Bill>>('User/getBillList', { c_id: usdt, type: 2, page: 1 }, other.token)).data.total,
    ).toBe(0);
  });
});
