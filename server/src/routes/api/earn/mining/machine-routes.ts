import Type from 'typebox';
import { pageOf } from '../../../../http/contract/answers.ts';
import { id, int, messages, optional, paging, secret, text } from '../../../../http/contract/fields.ts';
import { ok } from '../../../../http/envelope.ts';
import { declareRoutes } from '../../context.ts';
import { earnAmount, type EarnPlugin } from '../earn-context.ts';
import { lockedHandlers } from '../locked-handlers.ts';
import { miningOrderView, MiningOrderView, miningProductView, MiningProductView } from './machine-views.ts';

const listInvalid = messages('earn.listInvalid');

/**
 * Lock mining (api/Machine/* of docs/product-rules.md#lock-mining, Token required; README "How the reference server runs the
 * earn products"). With machine_switch off, products and buying are refused; orders and redeeming
 * stay open.
 */
export const machineRoutes: EarnPlugin = async (fastify) => {
  const { apiContext: ctx, earn } = fastify;
  const route = declareRoutes(fastify, ctx);
  const mining = lockedHandlers(ctx, earn.ledger, {
    product: earn.mining,
    switchName: 'machine_switch',
    closed: 'mining.closed',
    offerView: miningProductView,
    orderView: miningOrderView,
  });

  route({
    method: 'POST',
    url: '/Machine/getMiningMachineList',
    summary: "The mining products on offer (or the one with `id`), with the caller's balance of each coin",
    auth: 'required',
    fields: { id: optional(id(messages('mining.productNotFound'))) },
    answer: Type.Object({ list: Type.Array(MiningProductView) }),
    handler: ({ fields, user }) => ok(mining.offers(user.id, fields.id)),
  });

  route({
    method: 'POST',
    url: '/Machine/buyMiningMachine',
    summary: 'Locks an amount in a mining product for one of its periods',
    description:
      "amount: a whole number within the product's min_price..max_price (docs/product-rules.md#lock-mining names minprice/maxprice, which mining products do not carry). " +
      "day: one of the product's cycle list. interest_rate: the daily rate the screen showed for that day; the server uses its own rate and " +
      'refuses the purchase when they differ. Then the transaction password (paypassword) when traders_password_switch is 1, with the ' +
      'same rules as staking and withdrawals (five wrong in a row lock it for 30 minutes). The amount moves from available to frozen ' +
      'until the end; interest is paid daily.',
    auth: 'required',
    once: 'earn.duplicate',
    fields: {
      id: id(messages('mining.productNotFound')),
      amount: earnAmount('earn.amountRequired'),
      day: int({ required: 'mining.dayRequired', invalid: 'mining.dayInvalid' }, { min: 1, max: 36_500 }),
      interest_rate: text(messages('mining.rateRequired'), {
        max: 24,
        pattern: '^\\d{1,12}(\\.\\d{1,10})?$',
        example: '0.5',
      }),
      paypassword: optional(secret(messages('pay.required'))),
    },
    answer: MiningOrderView,
    handler: async ({ fields, user, lang, t }) => {
      const purchase = { productId: fields.id, amount: fields.amount, day: fields.day, rate: fields.interest_rate };
      return ok(await mining.open(user, purchase, fields.paypassword, lang), t('mining.bought'));
    },
  });

  route({
    method: 'POST',
    url: '/Machine/getMiningMachineOrders',
    summary: "The caller's mining orders, newest first",
    auth: 'required',
    fields: paging(listInvalid),
    answer: pageOf(MiningOrderView),
    handler: ({ fields, user, lang }) => ok(mining.orders(user.id, null, fields.page, fields.limit, lang)),
  });

  route({
    method: 'POST',
    url: '/Machine/redeemMiningMachine',
    summary: 'Redeems a running order of type 1 before its end',
    description:
      "Pays the days already ended, then gives the principal back less redeem_fee_rate % (the answer's redeem_amount). Status 2.",
    auth: 'required',
    once: 'earn.duplicate',
    fields: { id: id(messages('mining.orderNotFound')) },
    answer: MiningOrderView,
    handler: ({ fields, user, lang, t }) => ok(mining.redeem(user.id, fields.id, lang), t('mining.redeemed')),
  });
};
