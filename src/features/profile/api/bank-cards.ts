import { isCardNumber } from '../../../../common/profile-rules.ts';
import { api, type ApiResult } from '../../../lib/api-client.ts';
import type { ApprovalFields, SecondStepProof } from '../../../lib/use-approval.ts';
import type { FieldErrors } from '../../../lib/validation.ts';

/** docs/product-rules.md#bank-cards. `card_number` may come masked (`**** 7890`) while bank_swan_type is 1. */
export interface BankCard {
  id: number;
  bank_name: string;
  card_number: string;
  card_name: string;
}

/** POST /api/User/getUserBankList: `data` is the list itself (docs/product-rules.md#bank-cards "data list"). */
export async function getBankCards(): Promise<ApiResult<BankCard[]>> {
  const result = await api.post<BankCard[] | { list?: BankCard[] } | null>('/User/getUserBankList', undefined, {
    quiet: true,
  });
  if (!result.ok) return result;
  const data = result.data;
  return { ...result, data: Array.isArray(data) ? data : (data?.list ?? []) };
}

export interface BankCardInput {
  /** The card being changed, or null to add one. */
  id: number | null;
  bankName: string;
  cardName: string;
  cardNumber: string;
}

export type BankCardField = 'bankName' | 'cardName' | 'cardNumber';

/**
 * docs/product-rules.md#bank-cards form: bank name, cardholder name and card number each required (bank.bankNameError,
 * bank.usrNameError), and the number 12 to 19 digits with spaces ignored (the server's rule too).
 * No verification code: the reading this app takes (README "Bank cards").
 */
export function validateBankCard(input: BankCardInput): FieldErrors<BankCardField> {
  const number = input.cardNumber.trim();
  return {
    bankName: input.bankName.trim() ? undefined : 'profile.bank.bankNameError',
    cardName: input.cardName.trim() ? undefined : 'profile.bank.usrNameError',
    cardNumber: !number
      ? 'profile.bank.cardNumberError'
      : isCardNumber(number)
        ? undefined
        : 'profile.bank.cardNumberInvalid',
  };
}

/** What saving a card sends: also exactly what its second step approves. */
export function bankCardFields(input: BankCardInput): ApprovalFields {
  return {
    id: input.id ?? undefined,
    bank_name: input.bankName.trim(),
    card_name: input.cardName.trim(),
    card_number: input.cardNumber.trim(),
  };
}

/**
 * POST /api/User/setBank: with an id, changes that card, else adds one, with its second step when the
 * account has one; the msg is toasted.
 */
export function saveBankCard(input: BankCardInput, proof: SecondStepProof = {}): Promise<ApiResult<BankCard | null>> {
  return api.post('/User/setBank', { ...bankCardFields(input), ...proof }, { successToast: true, lock: 'setBank' });
}
