import Type from 'typebox';
import { pageOf } from '../../../../http/contract/answers.ts';
import { choice, id, messages, optional, paging, secret } from '../../../../http/contract/fields.ts';
import { ok } from '../../../../http/envelope.ts';
import { declareRoutes } from '../../context.ts';
import { earnAmount, type EarnPlugin } from '../earn-context.ts';
import { lockedHandlers } from '../locked-handlers.ts';
import { stakingOrderView, StakingOrderView, stakingProjectView, StakingProjectView } from './staking-views.ts';

const listInvalid = messages('earn.listInvalid');

/**
 * Staking (api/Balance/*Staking* of docs/product-rules.md#staking, Token required; README "How the reference server runs the
 * earn products"). With staking_switch off, projects and staking are refused; orders and redeeming
 * stay open. The flash-exchange calls of api/Balance live in the wallet's own module.
 */
export const stakingRoutes: EarnPlugin = async (fastify) => {
  const { apiContext: ctx, earn } = fastify;
  const route = declareRoutes(fastify, ctx);
  const staking = lockedHandlers(ctx, earn.ledger, {
    product: earn.staking,
    switchName: 'staking_switch',
    closed: 'staking.closed',
    offerView: stakingProjectView,
    orderView: stakingOrderView,
  });

  route({
    method: 'POST',
    url: '/Balance/getStakingProjects',
    summary: "The staking projects with their periods, and the caller's balance of each coin",
    auth: 'required',
    answer: Type.Object({ list: Type.Array(StakingProjectView) }),
    handler: ({ user }) => ok(staking.offers(user.id)),
  });

  route({
    method: 'POST',
    url: '/Balance/submitStaking',
    summary: 'Stakes a whole amount in one period of a project',
    description:
      'Checked in this order: the project, the period s_id (one of its staking_info), the amount (digits only, at least min_price), ' +
      'then the transaction password when traders_password_switch is 1. The amount moves from available to frozen until the end; ' +
      'revenue is paid daily.',
    auth: 'required',
    once: 'earn.duplicate',
    fields: {
      id: id(messages('staking.projectNotFound')),
      s_id: id(messages('staking.periodRequired')),
      amount: earnAmount('staking.amountRequired', 'staking.amountDigits'),
      paypassword: optional(secret(messages('pay.required'))),
    },
    answer: StakingOrderView,
    handler: async ({ fields, user, lang, t }) => {
      const request = { projectId: fields.id, termId: fields.s_id, amount: fields.amount };
      return ok(await staking.open(user, request, fields.paypassword, lang), t('staking.submitted'));
    },
  });

  route({
    method: 'POST',
    url: '/Balance/getStakingOrderList',
    summary: "The caller's staking orders, newest first",
    description: 'status absent: all; 0 staking, 1 ended, 2 redeemed.',
    auth: 'required',
    fields: { status: optional(choice([0, 1, 2], listInvalid)), ...paging(listInvalid) },
    answer: pageOf(StakingOrderView),
    handler: ({ fields, user, lang }) =>
      ok(staking.orders(user.id, fields.status ?? null, fields.page, fields.limit, lang)),
  });

  route({
    method: 'POST',
    url: '/Balance/redeemStaking',
    summary: 'Redeems a staking order of type 1 before its end',
    description:
      "Pays the days already ended, then gives the principal back less redeem_fee_rate % (the answer's redeem_amount). Status 2.",
    auth: 'required',
    once: 'earn.duplicate',
    fields: { id: id(messages('staking.orderNotFound')) },
    answer: StakingOrderView,
    handler: ({ fields, user, lang, t }) => ok(staking.redeem(user.id, fields.id, lang), t('staking.redeemed')),
  });
};
