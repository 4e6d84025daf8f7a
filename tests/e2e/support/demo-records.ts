import Big from 'big.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEMO_ACCOUNT } from '../../../server/src/db/seed.ts';
import { registerByPhoneApi } from './app-helpers.ts';
import type { Stack } from './stack.ts';
import { apiData } from './trading-helpers.ts';

const PAY_PASSWORD = 'pay12345';

/** A real JPEG (48×32, encoded by Chromium's canvas) that the upload call accepts. */
const photo = (): Blob =>
  new Blob([readFileSync(resolve('server/src/uploads/__tests__/fixtures/photo.jpg'))], { type: 'image/jpeg' });

async function upload(baseUrl: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', photo(), 'photo.jpg');
  const answer = (await (
    await fetch(`${baseUrl}/api/api/common/upload`, { method: 'POST', body: form, headers: { Token: token } })
  ).json()) as {
    code: number;
    msg: string;
    data: { url: string };
  };
  if (answer.code !== 1) throw new Error(`set-up upload refused: ${answer.msg}`);
  return answer.data.url;
}

/**
 * Gives the demo user one record in each list that starts empty: a lock mining order, a loan
 * application, a staking order, an internal transfer to a second user and an open spot order. A
 * screen check that only ever sees empty lists never sees a card at all; the defects of the order
 * cards (a number broken over two lines at 320 px) were found on filled ones.
 */
export async function fillDemoLists(stack: Stack, token: string): Promise<{ usdt: { id: number; title: string } }> {
  const { baseUrl } = stack;
  const call = <T>(path: string, params: Record<string, string | number> = {}) =>
    apiData<T>(baseUrl, token, path, params);
  await call('/User/resetPay', { logpassword: DEMO_ACCOUNT.password, newpassword: PAY_PASSWORD });

  const { list: miners } = await call<{
    list: { id: number; min_price: string; cycle: string; interest_rate: string }[];
  }>('/Machine/getMiningMachineList');
  const miner = miners[0]!;
  await call('/Machine/buyMiningMachine', {
    id: miner.id,
    amount: miner.min_price,
    day: miner.cycle.split(',')[0]!,
    interest_rate: miner.interest_rate.split(',')[0]!,
    paypassword: PAY_PASSWORD,
  });

  const { list: loans } = await call<{ list: { id: number; minprice: string }[] }>('/Loan/getLoanProjects');
  const [front, back, handheld] = [
    await upload(baseUrl, token),
    await upload(baseUrl, token),
    await upload(baseUrl, token),
  ];
  await call('/Loan/applyLoan', {
    id: loans[0]!.id,
    amount: loans[0]!.minprice,
    front_card: front!,
    later_card: back!,
    handheld_card: handheld!,
  });

  const { list: projects } = await call<{ list: { id: number; staking_info: { id: number; min_price: string }[] }[] }>(
    '/Balance/getStakingProjects',
  );
  const term = projects[0]!.staking_info[0]!;
  await call('/Balance/submitStaking', {
    id: projects[0]!.id,
    s_id: term.id,
    amount: term.min_price,
    paypassword: PAY_PASSWORD,
  });

  const friend = `139${String(Date.now()).slice(-8)}`;
  await registerByPhoneApi(baseUrl, friend, 'friend1234');
  const receiver = await call<{ id: number }>('/Balance/searchUser', { username: friend });
  const { list: coins } = await call<{ list: { id: number; title: string }[] }>('/Balance/getTransferCoin');
  const usdt = coins.find((coin) => coin.title.toLowerCase() === 'usdt')!;
  await call('/Balance/transfer', { to_uid: receiver.id, c_id: usdt.id, amount: '10', paypassword: PAY_PASSWORD });

  // A limit buy at a third of the price stays open.
  const market = (await (await fetch(`${baseUrl}/api/index/getMarketList`, { method: 'POST' })).json()) as {
    data: { list: { id: number; symbol: string; close: string }[] };
  };
  const btc = market.data.list.find((pair) => pair.symbol === 'btcusdt')!;
  const price = new Big(btc.close).div(3).round(2, Big.roundDown).toFixed(2);
  await call('/Trade/upbbbuy', { m_id: btc.id, type: 1, operate_type: 1, price, num: '0.001', amount: '' });
  return { usdt };
}
