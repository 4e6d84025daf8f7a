import Type from 'typebox';
import { passkeyAssertionOptions, relyingParty } from '../../../domain/security/passkeys.ts';
import { PasskeyRequestOptions } from './passkey-schemas.ts';
import { cardDigits } from '../../../../../common/profile-rules.ts';
import { cardApprovalFields } from '../../../domain/bank-cards.ts';
import { transferApprovalFields } from '../../../domain/earn/internal-transfers.ts';
import { reject } from '../../../domain/rejection.ts';
import { ALLOWLIST_OFF_FIELDS } from '../../../domain/security/allowlist.ts';
import {
  APPROVAL_OPERATIONS,
  startApproval,
  type ApprovalFields,
  type ApprovalOperation,
} from '../../../domain/security/approvals.ts';
import { addressApprovalFields } from '../../../domain/withdraw-addresses.ts';
import { choice, id, messages, optional, text, withDefault } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';
import { earnAmount } from '../earn/earn-context.ts';
import { amountField, coinField } from '../wallet/wallet-context.ts';

const operationInvalid = messages('approval.operationInvalid');

/** A field the operation needs, refused with its own call's message when it was not sent. */
function needed<T>(value: T | undefined, key: MessageKey): T {
  return value ?? reject(key);
}

/** POST /api/Security/approvalStart (docs/account-protection.md "Approvals bound to one operation"), Token required. */
export const approvalRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);

  route({
    method: 'POST',
    url: '/Security/approvalStart',
    summary: 'Asks for an approval of one exact operation: its second step then approves those fields only, once',
    description:
      'Send the operation and the fields its call will send, the same values: withdraw (c_id, num, withdraw_type, address_id or ' +
      'bank_id, as User/withdraw), internal_transfer (to_uid, c_id, amount, as Balance/transfer), withdraw_address (c_id, address, ' +
      'as User/setUserWidthAddress), bank_card (id, bank_name, card_name, card_number, as User/setBank), login_password and ' +
      'pay_password (no fields: passwords are never kept), allowlist_off (no fields, as Security/setAllowlist on 0), factor_remove ' +
      '(target: passkey:<id> with the id of Security/passkeyList, as Security/passkeyRemove). Amounts are read as the call ' +
      'reads them (1.50 and 1.5 are one amount); addresses are compared exactly. The answer is valid 5 minutes; its challenge is what ' +
      'a passkey signs. Refused to an account without a second factor.',
    auth: 'required',
    fields: {
      operation: text(operationInvalid, {
        max: 32,
        pattern: `^(${APPROVAL_OPERATIONS.join('|')})$`,
        example: 'withdraw',
      }),
      c_id: optional(coinField),
      num: optional(amountField('wallet.withdrawAmountRequired')),
      withdraw_type: withDefault(choice([1, 2], messages('wallet.withdrawTypeInvalid')), 1),
      address_id: optional(id(messages('wallet.addressUnknown'))),
      bank_id: optional(id(messages('wallet.cardRequired'))),
      to_uid: optional(id(messages('transfer.receiverRequired'))),
      amount: optional(earnAmount('transfer.amountRequired')),
      address: optional(text({ required: 'address.required', invalid: 'address.invalid' }, { max: 128 })),
      id: optional(id(messages('bank.idInvalid'))),
      bank_name: optional(text({ required: 'bank.bankNameError', invalid: 'bank.bankNameTooLong' }, { max: 128 })),
      card_name: optional(text({ required: 'bank.usrNameError', invalid: 'bank.usrNameTooLong' }, { max: 128 })),
      card_number: optional(text({ required: 'bank.cardNumberError', invalid: 'bank.cardNumberInvalid' }, { max: 64 })),
      target: optional(
        text(operationInvalid, {
          max: 128,
          description: 'factor_remove: the factor removed, passkey:<id> for a passkey; allowlist_off: none',
        }),
      ),
    },
    answer: Type.Object({
      approval_id: Type.Integer({ description: 'approval_id of the call' }),
      challenge: Type.String({ description: 'base64url: the challenge a passkey assertion signs' }),
      expires_at: Type.Integer({ description: 'Milliseconds since 1970 on the server clock: 5 minutes on' }),
      methods: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('passkey')]), {
        description: 'The second steps the account has',
      }),
      // With passkeys: the browser's options, which sign this approval's challenge with one of them.
      passkey_options: Type.Optional(PasskeyRequestOptions),
    }),
    handler: async ({ fields, user, request }) => {
      const operation = fields.operation as ApprovalOperation;
      const approvalFields = ((): ApprovalFields => {
        switch (operation) {
          case 'withdraw':
            return fastify.wallet().withdrawals.approvalFields(user.id, {
              coinId: needed(fields.c_id, 'wallet.coinRequired'),
              amount: needed(fields.num, 'wallet.withdrawAmountRequired'),
              withdrawType: fields.withdraw_type,
              cardId: fields.bank_id,
              addressId: fields.address_id,
            });
          case 'internal_transfer':
            return transferApprovalFields(
              fastify.earn.transfers.prepare(user.id, {
                toUserId: needed(fields.to_uid, 'transfer.receiverRequired'),
                coinId: needed(fields.c_id, 'transfer.coinRequired'),
                amount: needed(fields.amount, 'transfer.amountRequired'),
              }),
            );
          case 'withdraw_address':
            return addressApprovalFields({
              coinId: needed(fields.c_id, 'address.coinRequired'),
              address: needed(fields.address, 'address.required'),
            });
          case 'bank_card':
            return cardApprovalFields(fields.id, {
              bankName: needed(fields.bank_name, 'bank.bankNameError'),
              cardName: needed(fields.card_name, 'bank.usrNameError'),
              cardNumber: cardDigits(needed(fields.card_number, 'bank.cardNumberError')),
            });
          case 'login_password':
          case 'pay_password':
            return {};
          case 'allowlist_off':
            return ALLOWLIST_OFF_FIELDS;
          case 'factor_remove':
            return { target: fields.target };
        }
      })();
      const started = startApproval(ctx.approvals, { userId: user.id, operation, fields: approvalFields });
      if (!started.methods.includes('passkey')) return ok(started);
      // The passkey signs the approval's own challenge, derived from the exact fields it approves.
      const { rpId } = relyingParty(ctx.config.webauthn, request);
      const options = await passkeyAssertionOptions(ctx, {
        userId: user.id,
        purpose: 'approval',
        rpId,
        challenge: started.challenge,
      });
      return ok({ ...started, passkey_options: options });
    },
  });
};
