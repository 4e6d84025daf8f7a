import Type from 'typebox';
import {
  BANK_NAME_MAX_LENGTH,
  CARD_NAME_MAX_LENGTH,
  CARD_NUMBER_MAX_LENGTH,
  CARD_NUMBER_PATTERN,
  cardDigits,
  maskCardNumber,
} from '../../../../../common/profile-rules.ts';
import { BankCardRepository, type BankCardRow } from '../../../db/repositories/bank-card-repository.ts';
import { cardApprovalFields, saveBankCard } from '../../../domain/bank-cards.ts';
import type { SiteConfig } from '../../../domain/site-config.ts';
import { id, messages, optional, text } from '../../../http/contract/fields.ts';
import { ok } from '../../../http/envelope.ts';
import { declareRoutes, type ApiPlugin } from '../context.ts';
import { SECOND_STEP_NOTE, secondStep, secondStepFields } from '../security/second-step.ts';

/** docs/product-rules.md#bank-cards. */
const BankCard = Type.Object({
  id: Type.Integer(),
  bank_name: Type.String(),
  card_number: Type.String({ description: 'The digits; `**** 1234` (the last 4 only) while bank_swan_type is 1' }),
  card_name: Type.String({ description: 'The cardholder' }),
});

/** A card as answered: while bank_swan_type is 1 the full number never leaves the server. */
function view(row: BankCardRow, site: SiteConfig) {
  return {
    id: row.id,
    bank_name: row.bank_name,
    card_number: site.bank_swan_type === 1 ? maskCardNumber(row.card_number) : row.card_number,
    card_name: row.card_name,
  };
}

/** POST /api/User/getUserBankList and /api/User/setBank (docs/product-rules.md#bank-cards), Token required. */
export const bankRoutes: ApiPlugin = async (fastify) => {
  const ctx = fastify.apiContext;
  const route = declareRoutes(fastify, ctx);
  const cards = new BankCardRepository(ctx.db);

  route({
    method: 'POST',
    url: '/User/getUserBankList',
    summary: "The caller's bank cards, in the order they were added",
    auth: 'required',
    answer: Type.Array(BankCard),
    handler: ({ user }) => {
      const site = ctx.siteConfig.get();
      return ok(cards.list(user.id).map((row) => view(row, site)));
    },
  });

  route({
    method: 'POST',
    url: '/User/setBank',
    summary: "Adds a bank card, or with id changes one of the caller's cards",
    description:
      'Checked in the order bank name, cardholder name, card number (docs/product-rules.md#bank-cards); no verification code is asked (README "Bank cards"). ' +
      'The card number is 12 to 19 digits, spaces ignored. Refused while bank_switch is not 1; once the caller has a card, adding and ' +
      'changing need can_edit_bank 1 (docs/product-rules.md#bank-cards). At most 10 cards, each number once.' +
      SECOND_STEP_NOTE,
    auth: 'required',
    once: 'common.duplicate',
    fields: {
      id: optional(id(messages('bank.idInvalid'))),
      bank_name: text(
        { required: 'bank.bankNameError', invalid: 'bank.bankNameTooLong' },
        { max: BANK_NAME_MAX_LENGTH, example: 'Northwind Bank' },
      ),
      card_name: text(
        { required: 'bank.usrNameError', invalid: 'bank.usrNameTooLong' },
        { max: CARD_NAME_MAX_LENGTH, example: 'Li Wei' },
      ),
      card_number: text(
        { required: 'bank.cardNumberError', invalid: 'bank.cardNumberInvalid' },
        { max: CARD_NUMBER_MAX_LENGTH, pattern: CARD_NUMBER_PATTERN, example: '6222 0212 3456 7890' },
      ),
      ...secondStepFields,
    },
    answer: BankCard,
    handler: async ({ fields, user, request, t }) => {
      const site = ctx.siteConfig.get();
      const card = {
        bankName: fields.bank_name,
        cardName: fields.card_name,
        cardNumber: cardDigits(fields.card_number),
      };
      const approval = await secondStep(ctx, user, 'bank_card', cardApprovalFields(fields.id, card), fields, request);
      // A new card or a changed one is a new place money can go: the user is told either way.
      const saved = ctx.db.transaction(() => {
        approval.markUsed();
        const stored = saveBankCard(ctx.db, site, user.id, fields.id, card, ctx.now());
        ctx.securityEvents.record({
          userId: user.id,
          kind: 'bank_card_added',
          detail: { card: card.cardNumber.slice(-4) },
        });
        return stored;
      })();
      return ok(
        view(cards.ownedBy(user.id, saved.id) as BankCardRow, site),
        t(saved.added ? 'bank.added' : 'bank.updated'),
      );
    },
  });
};
