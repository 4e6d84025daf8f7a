import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exactDecimal, timesDecimal } from '../../../../domain/wallet/exact.ts';
import { formatUnits } from '../../../../domain/money.ts';
import { startWalletHarness, type WalletHarness } from './wallet-harness.ts';
import { units } from '../../../../__tests__/harness/index.ts';

interface BalanceList {
  all_price: string;
  coinList: {
    type: number;
    name: string;
    totalAvailableAsset: string;
    balanceInfo: {
      coinId: number;
      coinName: string;
      balance: string;
      dbalance: string;
      all_zhprice: string;
      price: string;
    }[];
  }[];
}

describe('getUserBalanceList and getCoinBalance', () => {
  let h: WalletHarness;
  beforeAll(async () => {
    h = await startWalletHarness();
  });
  afterAll(async () => h.close());

  it('lists every coin in each open account type, valued exactly at the feed price of the instant', async () => {
    const alice = await h.addUser('alice', { usdt: '1234.5', btc: '0.12345678', eth: '2' });
    // Some of it frozen, some moved to the funds account.
    expect(
      (await h.post('User/transfer', { c_id: h.coinId('eth'), num: '0.5', from_type: 1, to_type: 2 }, alice.token))
        .code,
    ).toBe(1);
    h.clock.advance(1000);
    const btcPrice = h.price('btc');
    const ethPrice = h.price('eth');
    const answer = await h.post<BalanceList>('User/getUserBalanceList', {}, alice.token);
    expect(answer.code, answer.msg).toBe(1);
    const { data } = answer;
    expect(data.coinList.map((account) => [account.type, account.name])).toEqual([
      [1, 'Option account'],
      [2, 'Funds account'],
    ]);
    const [option, funds] = data.coinList;
    const coins = await h.db.prepare('SELECT COUNT(*) FROM coins').pluck().get();
    expect(option!.balanceInfo).toHaveLength(coins as number);
    const btc = option!.balanceInfo.find((c) => c.coinName === 'BTC')!;
    expect(btc).toMatchObject({ balance: '0.12345678', dbalance: '0.00000000', price: btcPrice });
    const btcValue = timesDecimal(units('0.12345678'), exactDecimal(btcPrice), 'floor');
    expect(btc.all_zhprice).toBe(formatUnits(btcValue));
    const usdt = option!.balanceInfo.find((c) => c.coinName === 'USDT')!;
    expect(usdt).toMatchObject({ balance: '1234.50000000', all_zhprice: '1234.50000000', price: '1' });
    const eth1 = timesDecimal(units('1.5'), exactDecimal(ethPrice), 'floor');
    const eth2 = timesDecimal(units('0.5'), exactDecimal(ethPrice), 'floor');
    expect(option!.totalAvailableAsset).toBe(formatUnits(units('1234.5') + btcValue + eth1));
    expect(funds!.totalAvailableAsset).toBe(formatUnits(eth2));
    expect(funds!.balanceInfo.find((c) => c.coinName === 'ETH')!.balance).toBe('0.50000000');
    // A coin nobody holds is worth 0 and names no price.
    expect(option!.balanceInfo.find((c) => c.coinName === 'DOGE')).toMatchObject({
      balance: '0.00000000',
      all_zhprice: '0.00000000',
      price: '',
    });
    expect(data.all_price).toBe(formatUnits(units('1234.5') + btcValue + eth1 + eth2));
  });

  it("moves with the market: a later instant values at that instant's price", async () => {
    const bob = await h.addUser('bob', { btc: '1' });
    const first = (await h.post<BalanceList>('User/getUserBalanceList', {}, bob.token)).data;
    h.clock.advance(60_000);
    const later = h.price('btc');
    const second = (await h.post<BalanceList>('User/getUserBalanceList', {}, bob.token)).data;
    expect(second.all_price).toBe(formatUnits(units(later)));
    expect(first.all_price).not.toBe(second.all_price);
  });

  it('shows account type 3 only while quantize_switch is 1, and answers GET as well as POST', async () => {
    const carol = await h.addUser('carol');
    h.setSite({ quantize_switch: 1 });
    const withQuant = await h.get<BalanceList>('User/getUserBalanceList', {}, carol.token);
    expect(withQuant.data.coinList.map((a) => a.type)).toEqual([1, 2, 3]);
    h.setSite({ quantize_switch: 0 });
    expect(
      (await h.post<BalanceList>('User/getUserBalanceList', {}, carol.token)).data.coinList.map((a) => a.type),
    ).toEqual([1, 2]);
  });

  it('getCoinBalance answers one coin in each open account type', async () => {
    const dave = await h.addUser('dave', { usdt: '50' });
    const answer = await h.post<{
      coin: string;
      decimals: number;
      balance_list: { type: number; balance: string; dbalance: string }[];
    }>('User/getCoinBalance', { c_id: h.coinId('usdt') }, dave.token);
    expect(answer.data).toMatchObject({ coin: 'USDT', decimals: 8 });
    expect(answer.data.balance_list.map((b) => [b.type, b.balance, b.dbalance])).toEqual([
      [1, '50.00000000', '0.00000000'],
      [2, '0.00000000', '0.00000000'],
    ]);
    expect(await h.post('User/getCoinBalance', { c_id: 9999 }, dave.token)).toEqual({
      code: 0,
      msg: 'This coin does not exist',
      data: null,
    });
    expect((await h.post('User/getCoinBalance', { c_id: 9999 }, dave.token, 'zh-cn')).msg).toBe('该币种不存在');
  });

  it('needs a token', async () => {
    expect((await h.post('User/getUserBalanceList', {})).code).toBe(401);
  });
});
