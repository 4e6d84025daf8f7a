/**
 * An account's records as the server keeps them, read straight from its database or through the
 * API, and the set-up a money-moving spec starts from: one place for what several specs need.
 */
import { grant } from '../../../server/src/__tests__/harness/money.ts';
import type { Stack } from './stack.ts';
import { apiData } from './trading-helpers.ts';

/** A transaction password the specs set, and a valid TRC20 address they bind to withdraw to. */
export const PAY_PASSWORD = 'trade123';
export const TRON = 'TCp7kqHPVGeSjNL4sgbrEtfyb2HMgyz1se';

export const coinIdOf = (stack: Stack, name: string): number =>
  stack.db.prepare('SELECT id FROM coins WHERE name = ?').pluck().get(name) as number;

export const userIdOf = (stack: Stack, username: string): number =>
  stack.db.prepare('SELECT id FROM users WHERE username = ?').pluck().get(username) as number;

interface CoinBalance {
  balance_list: { type: number; balance: string; dbalance: string }[];
}

/** The available and frozen balance of a coin in an account type (1 the main account), from the API. */
export async function balanceOf(
  stack: Stack,
  token: string,
  coin: string,
  type = 1,
): Promise<{ balance: string; dbalance: string }> {
  const data = await apiData<CoinBalance>(stack.baseUrl, token, '/User/getCoinBalance', {
    c_id: coinIdOf(stack, coin),
  });
  return data.balance_list.find((entry) => entry.type === type)!;
}

/** The server's clock now (tests and other files move it): codes are judged, and money granted, at that time. */
export async function serverNow(stack: Stack): Promise<number> {
  return ((await (await fetch(`${stack.baseUrl}/__test/clock`)).json()) as { now: number }).now;
}

/**
 * Makes a new account ready to withdraw: 500 USDT granted at the server's time, the transaction
 * password PAY_PASSWORD set with the login password, and TRON bound as its USDT address.
 */
export async function readyToWithdraw(stack: Stack, token: string, username: string, password: string): Promise<void> {
  grant(stack.db, userIdOf(stack, username), { usdt: '500' }, await serverNow(stack));
  await apiData(stack.baseUrl, token, '/User/resetPay', { logpassword: password, newpassword: PAY_PASSWORD });
  await apiData(stack.baseUrl, token, '/User/setUserWidthAddress', { c_id: coinIdOf(stack, 'usdt'), address: TRON });
}
