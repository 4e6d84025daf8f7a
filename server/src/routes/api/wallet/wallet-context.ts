import type { FastifyPluginAsync } from 'fastify';
import type { RecordStatus } from '../../../db/repositories/deposit-repository.ts';
import { formatAddtime } from '../../../db/repositories/notice-repository.ts';
import { amount, choice, id, messages, paging, type FieldMessages } from '../../../http/contract/fields.ts';
import { t, type MessageKey } from '../../../i18n/index.ts';

/**
 * What the wallet's route modules share: their plugin type and the field declarations several of
 * them use. A leaf module: the route modules import it, it imports none of them.
 */

/** A wallet route module: it reads `fastify.apiContext` and `fastify.wallet` (plugins/wallet.ts; built when the app is ready, once the feed exists). */
export type WalletPlugin = FastifyPluginAsync;

export const coinField = id(messages('wallet.coinRequired'));

/** An account type of docs/product-rules.md#account-types (1, 2, 3); whether it is open is the domain's check. */
export const accountField = choice([1, 2, 3], messages('wallet.accountInvalid'));

/** An amount with its "please enter" message (docs/product-rules.md#calls-and-answers client messages) and the shared ones. */
export function amountField(required: MessageKey) {
  const on: FieldMessages = {
    required,
    invalid: 'wallet.amountInvalid',
    zero: 'wallet.amountInvalid',
    tooLarge: 'wallet.tooLarge',
  };
  return amount(on);
}

/** c_id, type (the account type), page, limit: the fields of the four record lists (docs/product-rules.md#wallet). */
export const recordListFields = {
  c_id: id(messages('wallet.listInvalid')),
  type: accountField,
  ...paging(messages('wallet.listInvalid')),
};

const STATUS_KEYS: Record<RecordStatus, MessageKey> = {
  1: 'wallet.statusPending',
  2: 'wallet.statusDone',
  3: 'wallet.statusRejected',
};

/** The text of a record status (docs/product-rules.md#wallet: pending review, completed, not passed) in the caller's language. */
export function statusText(lang: string, status: RecordStatus): string {
  return t(lang, STATUS_KEYS[status]);
}

const ACCOUNT_KEYS: Record<number, MessageKey> = { 1: 'wallet.account1', 2: 'wallet.account2', 3: 'wallet.account3' };

/** The name of an account type in the caller's language. */
export function accountName(lang: string, type: number): string {
  const key = ACCOUNT_KEYS[type];
  return key ? t(lang, key) : String(type);
}

/** Record times as every list answers them: "YYYY-MM-DD HH:mm:ss" UTC. */
export const recordTime = formatAddtime;
