import { isPassword } from '../../../../common/rules.ts';
import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { ApprovalFields, SecondStepProof } from '../../../lib/use-approval.ts';
import { withdrawalAmountProblem, type Problem, type WithdrawLimits } from './wallet-rules.ts';

/** GET /api/Index/getCanWithdrawCoin: the coins that can be withdrawn. */
export function getWithdrawCoins(): Promise<ApiResult<{ list: { id: number; title: string; logo: string }[] }>> {
  return api.get<{ list: { id: number; title: string; logo: string }[] }>('/Index/getCanWithdrawCoin', undefined, {
    quiet: true,
  });
}

/** docs/product-rules.md#withdrawals, with the coin's decimals. */
export interface WithdrawInfo extends WithdrawLimits {
  coin: string;
  address_list: { id: number; address: string; coin_net: string }[];
}

/** POST /api/User/getUserCoinBalance (c_id): balance, limits, fee and bound addresses of one coin. */
export function getWithdrawInfo(coinId: number): Promise<ApiResult<WithdrawInfo>> {
  return api.post<WithdrawInfo>('/User/getUserCoinBalance', { c_id: coinId }, { quiet: true });
}

/** A bound bank card (docs/product-rules.md#bank-cards); the number may come masked. */
export interface BankCard {
  id: number;
  bank_name: string;
  card_number: string;
  card_name: string;
}

/** POST /api/User/getUserBankList: the caller's bound cards (data is the list). */
export function getBankCards(): Promise<ApiResult<BankCard[]>> {
  return api.post<BankCard[]>('/User/getUserBankList', undefined, { quiet: true });
}

export interface WithdrawInput {
  coinId: number;
  amount: string;
  /** 1 to a wallet address, 2 to a bank card (docs/product-rules.md#withdrawals). */
  withdrawType: 1 | 2;
  addressId: number | null;
  cardId: number | null;
  /** The transaction password; sent only while the switch asks for it. */
  payPassword: string | null;
}

/**
 * The form's problem before sending (docs/product-rules.md#withdrawals): a destination, the amount (range, balance, fee),
 * then the trader password when the switch asks for it. Null when it may be sent.
 */
export function validateWithdrawal(input: WithdrawInput, limits: WithdrawLimits): Problem | null {
  if (input.withdrawType === 1 && input.addressId === null) return { key: 'wallet.withdraw.addressRequired' };
  if (input.withdrawType === 2 && input.cardId === null) return { key: 'wallet.withdraw.cardRequired' };
  const amount = withdrawalAmountProblem(input.amount, limits);
  if (amount) return amount;
  if (input.payPassword !== null && !isPassword(input.payPassword))
    return { key: input.payPassword === '' ? 'wallet.form.payPasswordRequired' : 'wallet.form.payPasswordRule' };
  return null;
}

/** What a withdrawal sends besides the password: also exactly what its second step approves. */
export function withdrawalFields(input: WithdrawInput): ApprovalFields {
  return {
    c_id: input.coinId,
    num: input.amount.trim(),
    withdraw_type: input.withdrawType,
    address_id: input.withdrawType === 1 ? input.addressId : null,
    bank_id: input.withdrawType === 2 ? input.cardId : null,
  };
}

/**
 * POST /api/User/withdraw (docs/product-rules.md#withdrawals: c_id, num, type 1, paypwd, bank_id, withdraw_type), with its
 * second step when the account has one; the posting flag `withdraw`.
 */
export function submitWithdrawal(
  input: WithdrawInput,
  proof: SecondStepProof = {},
): Promise<ApiResult<{ id: number }>> {
  return api.post<{ id: number }>(
    '/User/withdraw',
    { ...withdrawalFields(input), type: 1, paypwd: input.payPassword, ...proof },
    { successToast: true, lock: 'withdraw' },
  );
}
