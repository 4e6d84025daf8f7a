import Type from 'typebox';
import { MAIN_ACCOUNT } from '../../../domain/accounts.ts';
import { transferApprovalFields } from '../../../domain/earn/internal-transfers.ts';
import { requireSwitch } from '../../../domain/earn/switches.ts';
import { ppmToRate } from '../../../domain/fees.ts';
import { formatUnits } from '../../../domain/money.ts';
import { reject } from '../../../domain/rejection.ts';
import { pageOf } from '../../../http/contract/answers.ts';
import { choice, id, messages, optional, paging, secret, text, withDefault } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes } from '../context.ts';
import { earnAmount, type EarnPlugin } from '../earn/earn-context.ts';
import { FACTOR_REQUIRED_NOTE, SECOND_STEP_NOTE, secondStep, secondStepFields } from '../security/second-step.ts';
import { internalTransferView, InternalTransferView, TransferCoinView } from './internal-transfer-views.ts';

const listInvalid = messages('earn.listInvalid');

/**
 * Internal transfers (api/Balance/* of docs/product-rules.md#internal-transfers, Token required; README "How the reference server runs
 * the earn products"). With Internal_transfer_status off, searching, the coin list and sending are
 * refused; records and cancelling stay open.
 */
export const internalTransferRoutes: EarnPlugin = async (fastify) => {
  const { apiContext: ctx, earn } = fastify;
  const route = declareRoutes(fastify, ctx);
  const { transfers, ledger, searchLimit } = earn;
  const open = () => requireSwitch(ctx.siteConfig.get(), 'Internal_transfer_status', 'transfer.closed');

  route({
    method: 'POST',
    url: '/Balance/searchUser',
    summary: 'Finds the account to send to by its exact username (never the caller)',
    description: `Exact match only, letter case aside; at most ${searchLimit.max} searches a minute per user, so usernames cannot be harvested.`,
    auth: 'required',
    fields: { username: text(messages('transfer.usernameRequired'), { max: 64, example: 'friend@example.com' }) },
    answer: Type.Object({ id: Type.Integer({ description: 'to_uid of transfer' }), username: Type.String() }),
    handler: ({ fields, user }) => {
      open();
      const wait = searchLimit.take(user.id);
      if (wait > 0) reject('transfer.searchLimit', { seconds: wait });
      return ok(transfers.findReceiver(user.id, fields.username));
    },
  });

  route({
    method: 'POST',
    url: '/Balance/getTransferCoin',
    summary: "The coins that can be sent, with their fee rate, arrival days and the caller's balance",
    auth: 'required',
    fields: {
      username: optional(
        text(messages('transfer.usernameRequired'), {
          max: 64,
          description:
            'Accepted (docs/product-rules.md#internal-transfers), not used: the terms are the same for every receiver',
        }),
      ),
    },
    answer: Type.Object({ list: Type.Array(TransferCoinView) }),
    handler: ({ user }) => {
      open();
      const list = transfers.coins().map((coin) => ({
        id: coin.coin_id,
        title: coin.title,
        balance: formatUnits(
          ledger.balance({ userId: user.id, coinId: coin.coin_id, accountType: MAIN_ACCOUNT }).available,
        ),
        internal_transfer_sxf: ppmToRate(coin.fee_ppm),
        internal_transfer_days: coin.days,
        decimals: coin.decimals,
      }));
      return ok({ list });
    },
  });

  route({
    method: 'POST',
    url: '/Balance/transfer',
    summary:
      "Sends an amount to another user: it leaves the available balance at once and arrives after the coin's days",
    description:
      "Refused while a security hold is under way (Security/getSecurityHold). Checked in this order: the receiver (to_uid from searchUser, not the caller), the coin, the amount's decimals, the transaction password " +
      'when traders_password_switch is 1, the balance. The amount is frozen until it arrives; the receiver gets amount − amount × rate (fee ' +
      'rounded down). The sender may cancel while it is in transfer.' +
      SECOND_STEP_NOTE +
      FACTOR_REQUIRED_NOTE,
    auth: 'required',
    once: 'earn.duplicate',
    fields: {
      to_uid: id(messages('transfer.receiverRequired')),
      c_id: id(messages('transfer.coinRequired')),
      amount: earnAmount('transfer.amountRequired'),
      paypassword: optional(secret(messages('pay.required'))),
      ...secondStepFields,
    },
    answer: InternalTransferView,
    handler: async ({ fields, user, request, lang, t }) => {
      const site = ctx.siteConfig.get();
      open();
      const quote = transfers.prepare(user.id, { toUserId: fields.to_uid, coinId: fields.c_id, amount: fields.amount });
      await ctx.payPassword.check(user, fields.paypassword, site.traders_password_switch === 1);
      const approval = await secondStep(ctx, user, 'internal_transfer', transferApprovalFields(quote), fields, request);
      return ok(internalTransferView(transfers.send(user.id, quote, approval), user.id, lang), t('transfer.sent'));
    },
  });

  route({
    method: 'POST',
    url: '/Balance/getInternalTransferList',
    summary: 'The transfers the caller sent or received, newest first',
    description: 'status 0 (or absent) all, 1 in transfer, 2 finished, 3 cancelled.',
    auth: 'required',
    fields: { status: withDefault(choice([0, 1, 2, 3], listInvalid), 0), ...paging(listInvalid) },
    answer: pageOf(InternalTransferView),
    handler: ({ fields, user, lang }) => {
      const { rows, total } = transfers.records(user.id, fields.status, fields.page, fields.limit);
      return ok({ list: rows.map((row) => internalTransferView(row, user.id, lang)), total });
    },
  });

  route({
    method: 'POST',
    url: '/Balance/cancelInternalTransfer',
    summary: 'Cancels a transfer the caller sent that is still in transfer: the whole amount comes back (status 3)',
    auth: 'required',
    once: 'earn.duplicate',
    fields: { id: id(messages('transfer.notFound')) },
    answer: InternalTransferView,
    handler: ({ fields, user, lang, t }) =>
      ok(internalTransferView(transfers.cancel(user.id, fields.id), user.id, lang), t('transfer.cancelled')),
  });
};
