import Type from 'typebox';
import { formatTrimmed, formatUnits } from '../../../domain/money.ts';
import { choice, id, messages, optional, secret, withDefault } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes } from '../context.ts';
import { FACTOR_REQUIRED_NOTE, SECOND_STEP_NOTE, secondStep, secondStepFields } from '../security/second-step.ts';
import { amountField, coinField, type WalletPlugin } from './wallet-context.ts';

/** docs/product-rules.md#withdrawals, plus the coin's decimals. */
const WithdrawalInfo = Type.Object({
  coin: Type.String(),
  decimals: Type.Integer(),
  balance: Type.String({ description: 'Available in the main account (type 1), 8 decimals' }),
  txminnum: Type.String({ description: 'Smallest amount, inclusive' }),
  txmaxnum: Type.String({ description: 'Largest amount, inclusive' }),
  sxftype: Type.Union([Type.Literal(1), Type.Literal(2)], {
    description: '1 the fee is txsxf percent of the amount (rounded up to the coin), 2 the fixed txsxf_n',
  }),
  txsxf: Type.String({ description: 'Fee percent' }),
  txsxf_n: Type.String({ description: 'Fixed fee' }),
  address_list: Type.Array(Type.Object({ id: Type.Integer(), address: Type.String(), coin_net: Type.String() }), {
    description: "The caller's bound addresses of this coin",
  }),
});

/** getCanWithdrawCoin, getUserCoinBalance and withdraw (docs/product-rules.md#withdrawals). */
export const withdrawRoutes: WalletPlugin = async (fastify) => {
  const { apiContext: ctx, wallet } = fastify;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'GET',
    url: '/Index/getCanWithdrawCoin',
    summary: 'The coins that can be withdrawn',
    description: 'Those with limits and a fee set by the operator in DATA_DIR/wallet-config.json.',
    auth: 'none',
    answer: Type.Object({
      list: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), logo: Type.String() })),
    }),
    handler: () =>
      ok({
        list: wallet()
          .withdrawals.coins()
          .map((coin) => ({ id: coin.id, title: coin.title, logo: coin.logo })),
      }),
  });

  route({
    method: 'POST',
    url: '/User/getUserCoinBalance',
    summary:
      "What the withdrawal form needs for one coin: the caller's balance, the limits, the fee and the bound addresses",
    auth: 'required',
    fields: { c_id: coinField },
    answer: WithdrawalInfo,
    handler: ({ fields, user }) => {
      const info = wallet().withdrawals.info(user.id, fields.c_id);
      return ok({
        coin: info.coin.title,
        decimals: info.coin.decimals,
        balance: formatUnits(info.available),
        txminnum: formatTrimmed(info.rule.min),
        txmaxnum: formatTrimmed(info.rule.max),
        sxftype: info.rule.feeType,
        txsxf: info.rule.feePercent,
        txsxf_n: formatTrimmed(info.rule.feeFixed),
        address_list: info.addresses.map((a) => ({ id: a.id, address: a.address, coin_net: a.network })),
      });
    },
  });

  route({
    method: 'POST',
    url: '/User/withdraw',
    summary: 'Withdraws to a bound address or card: the amount is frozen at once and waits for review',
    description:
      "withdraw_type 1: to the bound address address_id (default: the coin's first bound address); 2: to the bound card bank_id. The amount must be within " +
      'txminnum..txmaxnum inclusive and above the fee. paypwd is required while traders_password_switch is 1 (5 wrong in a row lock withdrawals 30 minutes). ' +
      'Approval takes the frozen amount (received arrives, the fee stays), rejection unfreezes exactly it. Refused while withdrawal_status is not 1, ' +
      'to a wallet while address_switch is not 1, to a card while bank_switch is not 1, during a security hold (Security/getSecurityHold), and while the ' +
      'allow-list is on to a destination not on it or not usable yet (Security/getAllowlist). An identical withdrawal within 2 s is refused.' +
      SECOND_STEP_NOTE +
      FACTOR_REQUIRED_NOTE,
    auth: 'required',
    once: 'common.duplicate',
    fields: {
      c_id: coinField,
      num: amountField('wallet.withdrawAmountRequired'),
      type: withDefault(choice([1], messages('wallet.accountInvalid')), 1),
      paypwd: optional(secret(messages('pay.required'))),
      withdraw_type: withDefault(choice([1, 2], messages('wallet.withdrawTypeInvalid')), 1),
      bank_id: optional(id(messages('wallet.cardRequired'))),
      address_id: optional(id(messages('wallet.addressUnknown'))),
      ...secondStepFields,
    },
    requireWhen: [{ when: { withdraw_type: 2 }, require: ['bank_id'] }],
    answer: Type.Object({
      id: Type.Integer(),
      status: Type.Literal(1),
      num: Type.String(),
      fee: Type.String(),
      received: Type.String(),
    }),
    handler: async ({ fields, user, request, t }) => {
      const withdrawal = await wallet().withdrawals.submit(
        user,
        {
          coinId: fields.c_id,
          amount: fields.num,
          withdrawType: fields.withdraw_type,
          cardId: fields.bank_id,
          addressId: fields.address_id,
          payPassword: fields.paypwd,
        },
        (approved) => secondStep(ctx, user, 'withdraw', approved, fields, request),
      );
      return ok(
        {
          id: withdrawal.id,
          status: 1 as const,
          num: formatUnits(withdrawal.amount),
          fee: formatUnits(withdrawal.fee),
          received: formatUnits(withdrawal.received),
        },
        t('wallet.withdrawSubmitted'),
      );
    },
  });
};
