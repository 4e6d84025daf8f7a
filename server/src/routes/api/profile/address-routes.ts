import Type from 'typebox';
import { ADDRESS_MAX_LENGTH, ADDRESS_TEXT_PATTERN, WITHDRAW_NETWORKS } from '../../../../../common/withdraw-address.ts';
import {
  WithdrawAddressRepository,
  type WithdrawAddressRow,
} from '../../../db/repositories/withdraw-address-repository.ts';
import { addressApprovalFields, bindWithdrawAddress } from '../../../domain/withdraw-addresses.ts';
import { id, messages, text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';
import { SECOND_STEP_NOTE, secondStep, secondStepFields } from '../security/second-step.ts';

const Network = Type.String({
  enum: [...WITHDRAW_NETWORKS],
  description: 'The network the address is on: TRC20, ERC20 or BTC',
});

/** A bound withdrawal address as answered. */
const BoundAddress = Type.Object({
  id: Type.Integer(),
  c_id: Type.Integer({ description: 'The coin' }),
  coin: Type.String({ description: "The coin's title, e.g. USDT" }),
  network: Network,
  address: Type.String(),
});

const view = (row: WithdrawAddressRow) => ({
  id: row.id,
  c_id: row.coin_id,
  coin: row.coin,
  network: row.network,
  address: row.address,
});

/** GET /api/User/getUserWidthAddress and POST /api/User/setUserWidthAddress (docs/product-rules.md#withdrawal-addresses), Token required. */
export const addressRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);
  const addresses = new WithdrawAddressRepository(ctx.db);

  route({
    method: 'GET',
    url: '/User/getUserWidthAddress',
    summary: "The caller's bound withdrawal addresses, and the coins an address can be bound for",
    description:
      '`list`: one address per coin. `coins`: every coin with a withdraw network, which decides the address shape (README "Withdrawal addresses").',
    auth: 'required',
    answer: Type.Object({
      list: Type.Array(BoundAddress),
      coins: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), network: Network })),
    }),
    handler: ({ user }) =>
      ok({
        list: addresses.list(user.id).map(view),
        coins: addresses.withdrawableCoins().map((coin) => ({ id: coin.id, title: coin.title, network: coin.network })),
      }),
  });

  route({
    method: 'POST',
    url: '/User/setUserWidthAddress',
    summary: 'Binds the withdrawal address of a coin, or replaces it while can_edit_address is 1',
    description:
      "Refused while address_switch is not 1. The address must have the shape of the coin's network and pass its checksum " +
      '(base58check for TRC20 and legacy BTC, bech32/bech32m for bc1, EIP-55 for mixed-case ERC20). ERC20 addresses are stored ' +
      'in their EIP-55 form, bech32 ones in lower case.' +
      SECOND_STEP_NOTE,
    auth: 'required',
    once: 'common.duplicate',
    fields: {
      c_id: id(messages('address.coinRequired')),
      address: text(
        { required: 'address.required', invalid: 'address.invalid' },
        { max: ADDRESS_MAX_LENGTH, pattern: ADDRESS_TEXT_PATTERN, example: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      ),
      ...secondStepFields,
    },
    answer: BoundAddress,
    handler: async ({ fields, user, request, t }) => {
      const binding = { coinId: fields.c_id, address: fields.address };
      const approval = await secondStep(ctx, user, 'withdraw_address', addressApprovalFields(binding), fields, request);
      const row = ctx.db.transaction(() => {
        approval.markUsed();
        const bound = bindWithdrawAddress(addresses, ctx.siteConfig.get(), user.id, binding, ctx.now());
        ctx.securityEvents.record({
          userId: user.id,
          kind: 'withdraw_address_added',
          detail: { coin: bound.coin, address: bound.address },
        });
        return bound;
      })();
      return ok(view(row), t('address.saved'));
    },
  });
};
