import type { Db } from '../database.ts';

/** A bound bank card (docs/product-rules.md#bank-cards); `card_number` is its digits, unmasked. */
export interface BankCardRow {
  id: number;
  user_id: number;
  bank_name: string;
  card_number: string;
  card_name: string;
  created_at: number;
  updated_at: number;
}

export interface BankCardInput {
  bankName: string;
  /** Digits only. */
  cardNumber: string;
  cardName: string;
}

/**
 * Users' bound bank cards. For the withdrawal: `ownedBy(userId, id)` is the only way to
 * a destination card, so a withdrawal can go nowhere but to a card of the caller.
 */
export class BankCardRepository {
  constructor(private readonly db: Db) {}

  /** The user's cards, oldest first (the order they were added in). */
  list(userId: number): BankCardRow[] {
    return this.db.prepare('SELECT * FROM bank_cards WHERE user_id = ? ORDER BY id').all(userId) as BankCardRow[];
  }

  count(userId: number): number {
    return this.db.prepare('SELECT COUNT(*) FROM bank_cards WHERE user_id = ?').pluck().get(userId) as number;
  }

  /** The card `id` when it belongs to `userId`, else null (another user's card reads as none). */
  ownedBy(userId: number, id: number): BankCardRow | null {
    return (
      (this.db.prepare('SELECT * FROM bank_cards WHERE id = ? AND user_id = ?').get(id, userId) as
        BankCardRow | undefined) ?? null
    );
  }

  /** The user's card with this number other than `exceptId`, or null. */
  withNumber(userId: number, cardNumber: string, exceptId = 0): BankCardRow | null {
    return (
      (this.db
        .prepare('SELECT * FROM bank_cards WHERE user_id = ? AND card_number = ? AND id <> ?')
        .get(userId, cardNumber, exceptId) as BankCardRow | undefined) ?? null
    );
  }

  /** Adds a card; returns its id. Throws SQLITE_CONSTRAINT_UNIQUE when the user has this number already. */
  add(userId: number, card: BankCardInput, at: number): number {
    const result = this.db
      .prepare(
        'INSERT INTO bank_cards (user_id, bank_name, card_number, card_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(userId, card.bankName, card.cardNumber, card.cardName, at, at);
    return Number(result.lastInsertRowid);
  }

  /** Replaces the fields of the user's card `id`; false when it is not theirs. */
  update(userId: number, id: number, card: BankCardInput, at: number): boolean {
    return (
      this.db
        .prepare(
          'UPDATE bank_cards SET bank_name = ?, card_number = ?, card_name = ?, updated_at = ? WHERE id = ? AND user_id = ?',
        )
        .run(card.bankName, card.cardNumber, card.cardName, at, id, userId).changes === 1
    );
  }
}
