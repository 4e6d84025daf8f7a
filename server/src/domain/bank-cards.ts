import type { Db } from '../db/database.ts';
import { BankCardRepository, type BankCardInput } from '../db/repositories/bank-card-repository.ts';
import { reject } from './rejection.ts';
import type { ApprovalFields } from './security/approvals.ts';
import type { SiteConfig } from './site-config.ts';

/** What a second step approves of saving a card: which card (none: a new one) and its fields as saved. */
export const cardApprovalFields = (id: number | undefined, card: BankCardInput): ApprovalFields => ({
  id,
  bank_name: card.bankName,
  card_name: card.cardName,
  card_number: card.cardNumber,
});

/** The most cards one user may bind. */
export const MAX_BANK_CARDS = 10;

/**
 * Adds a bank card, or with `id` replaces the fields of one of the user's cards (docs/product-rules.md#bank-cards setBank).
 * docs/product-rules.md#bank-cards: while the user has no card, adding is always allowed; once they have one, adding and
 * editing need can_edit_bank 1. Refused, with nothing written, when bank cards are switched off
 * (bank_switch), `id` is not the user's card, the user has MAX_BANK_CARDS already, or another of
 * their cards has the same number. One transaction, so the count it checks is the count it adds to.
 */
export function saveBankCard(
  db: Db,
  site: SiteConfig,
  userId: number,
  id: number | undefined,
  card: BankCardInput,
  now: number,
): { id: number; added: boolean } {
  const cards = new BankCardRepository(db);
  return db
    .transaction(() => {
      if (site.bank_switch !== 1) reject('bank.closed');
      const count = cards.count(userId);
      if (id !== undefined && !cards.ownedBy(userId, id)) reject('bank.notFound');
      if (count > 0 && site.can_edit_bank !== 1) reject('bank.editClosed');
      if (id === undefined && count >= MAX_BANK_CARDS) reject('bank.tooMany', { max: MAX_BANK_CARDS });
      if (cards.withNumber(userId, card.cardNumber, id ?? 0)) reject('bank.duplicate');
      if (id !== undefined) {
        cards.update(userId, id, card, now);
        return { id, added: false };
      }
      return { id: cards.add(userId, card, now), added: true };
    })
    .immediate();
}
