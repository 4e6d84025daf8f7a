import type { FastifyPluginAsync } from 'fastify';
import { formatAddtime } from '../../../db/repositories/notice-repository.ts';
import { amount, type FieldMessages } from '../../../http/contract/fields.ts';
import type { MessageKey } from '../../../i18n/index.ts';

/**
 * What the earn route modules (Loan, Machine, Balance staking and transfer) share: their plugin
 * type, the amount field with its messages, and times as the API answers them.
 */

/** A route module of the earn products (registered by earn-routes.ts): it reads `fastify.apiContext` and `fastify.earn` (plugins/earn.ts). */
export type EarnPlugin = FastifyPluginAsync;

/** A positive amount field whose absence answers `required`. */
export function earnAmount(
  required: MessageKey,
  invalid: MessageKey = 'earn.amountInvalid',
): ReturnType<typeof amount> {
  const on: FieldMessages = { required, invalid, zero: invalid, tooLarge: 'earn.tooLarge' };
  return amount(on);
}

/** An instant as the lists answer it: "YYYY-MM-DD HH:mm:ss" UTC, '' when not set. */
export function timeText(ms: number | null): string {
  return ms === null ? '' : formatAddtime(ms);
}
