import Type from 'typebox';
import { formatUnits } from '../../../domain/money.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes } from '../context.ts';
import { accountField, amountField, coinField, type WalletPlugin } from './wallet-context.ts';

/** POST /api/User/transfer (docs/product-rules.md#transfers-between-own-accounts): between two of the caller's own account types. */
export const transferRoute: WalletPlugin = async (fastify) => {
  const { apiContext: ctx, wallet } = fastify;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/User/transfer',
    summary: "Moves an amount of one coin between two of the caller's own account types, at once",
    description:
      'from_type and to_type: 1 option (main), 2 funds, 3 quantitative (only while quantize_switch is 1). Refused while account_transfer_status is not 1. ' +
      'One transaction with a bill row on each side; nothing moves on a refused call. An identical transfer within 2 s is refused.',
    auth: 'required',
    once: 'common.duplicate',
    fields: {
      c_id: coinField,
      num: amountField('wallet.transferAmountRequired'),
      from_type: accountField,
      to_type: accountField,
    },
    answer: Type.Object({ id: Type.Integer(), num: Type.String(), from_type: Type.Integer(), to_type: Type.Integer() }),
    handler: ({ fields, user, t }) => {
      const done = wallet().transfers.transfer(user.id, {
        coinId: fields.c_id,
        amount: fields.num,
        from: fields.from_type,
        to: fields.to_type,
      });
      return ok(
        { id: done.id, num: formatUnits(done.amount), from_type: fields.from_type, to_type: fields.to_type },
        t('wallet.transferred'),
      );
    },
  });
};
