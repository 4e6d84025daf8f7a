import type { Db } from '../../db/database.ts';
import { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import { UserRepository } from '../../db/repositories/user-repository.ts';
import type { ReviewKindFactory, Reviews } from '../reviews.ts';

/**
 * Test-only review kinds on their own test table, deciding through the real ledger:
 * - `test_payout`: a user asks to pay an amount to another user. Submitting freezes the amount (the
 *   review's hold); approval takes it and credits the payee; rejection and cancellation give it back.
 * - `test_note`: holds nothing, cannot be cancelled, and is left alone by the automatic approval.
 */
export const PAYOUT = 'test_payout';
export const NOTE = 'test_note';

/** The coin every test kind moves (USDT, id 1 in the migrations). */
export const USDT = 1;

export function createTestTables(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS test_payouts (
    id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, payee_id INTEGER NOT NULL, amount INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending', reason TEXT NOT NULL DEFAULT '', decided_at INTEGER)`);
  db.exec(
    `CREATE TABLE IF NOT EXISTS test_notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending')`,
  );
}

export interface PayoutRecord {
  id: number;
  user_id: number;
  payee_id: number;
  amount: bigint;
  status: string;
  reason: string;
  decided_at: number | null;
}

export function payoutRecord(db: Db, id: number): PayoutRecord {
  const raw = db.prepare('SELECT * FROM test_payouts WHERE id = ?').safeIntegers(true).get(id) as Record<
    string,
    bigint | string | null
  >;
  return {
    id: Number(raw.id),
    user_id: Number(raw.user_id),
    payee_id: Number(raw.payee_id),
    amount: raw.amount as bigint,
    status: raw.status as string,
    reason: raw.reason as string,
    decided_at: raw.decided_at === null ? null : Number(raw.decided_at),
  };
}

const setPayout = (db: Db, id: number, status: string, reason: string, at: number): void => {
  db.prepare('UPDATE test_payouts SET status = ?, reason = ?, decided_at = ? WHERE id = ?').run(status, reason, at, id);
};

export const testPayoutReview: ReviewKindFactory = ({ db, ledger }) => ({
  name: PAYOUT,
  approve({ review, at }) {
    const payout = payoutRecord(db, review.ref_id);
    ledger.apply(
      [
        {
          userId: payout.payee_id,
          coinId: USDT,
          accountType: 1,
          part: 'available',
          amount: payout.amount,
          kind: 'grant',
          remark: `payout #${payout.id}`,
        },
      ],
      payout.id,
      at,
    );
    setPayout(db, payout.id, 'approved', '', at);
  },
  reject: ({ review, reason, at }) => setPayout(db, review.ref_id, 'rejected', reason, at),
  cancel: ({ review, at }) => setPayout(db, review.ref_id, 'cancelled', '', at),
});

export const testNoteReview: ReviewKindFactory = ({ db }) => ({
  name: NOTE,
  autoApprove: false,
  approve: ({ review }) => void db.prepare("UPDATE test_notes SET status = 'approved' WHERE id = ?").run(review.ref_id),
  reject: ({ review }) => void db.prepare("UPDATE test_notes SET status = 'rejected' WHERE id = ?").run(review.ref_id),
});

export const TEST_KINDS: readonly ReviewKindFactory[] = [testPayoutReview, testNoteReview];

/** The payout record and its review with the hold, in one transaction as a feature does it. */
export function submitPayout(
  db: Db,
  reviews: Reviews,
  userId: number,
  payeeId: number,
  amount: bigint,
): { payoutId: number; reviewId: number } {
  return db.transaction(() => {
    const payoutId = Number(
      db.prepare('INSERT INTO test_payouts (user_id, payee_id, amount) VALUES (?, ?, ?)').run(userId, payeeId, amount)
        .lastInsertRowid,
    );
    const reviewId = reviews.submit({
      kind: PAYOUT,
      userId,
      refId: payoutId,
      summary: `pay ${amount} units to user ${payeeId}`,
      hold: { coinId: USDT, accountType: 1, amount },
    });
    return { payoutId, reviewId };
  })();
}

export function submitNote(
  db: Db,
  reviews: Reviews,
  userId: number,
  text: string,
): { noteId: number; reviewId: number } {
  return db.transaction(() => {
    const noteId = Number(db.prepare('INSERT INTO test_notes (text) VALUES (?)').run(text).lastInsertRowid);
    return { noteId, reviewId: reviews.submit({ kind: NOTE, userId, refId: noteId, summary: text }) };
  })();
}

/** A user with `usdt` units granted in account type 1 (a grant bill), for the tests. */
export function addFundedUser(db: Db, name: string, usdt: bigint, at: number): number {
  const id = new UserRepository(db).create({
    username: name,
    email: `${name}@example.com`,
    phone: null,
    password: { hash: 'x', salt: 'y' },
    inviteCode: name.toUpperCase().padEnd(6, 'X').slice(0, 8),
    invitedBy: null,
    lang: 'en',
    registerIp: '127.0.0.1',
    createdAt: at,
  });
  if (usdt > 0n)
    new LedgerRepository(db).apply(
      [{ userId: id, coinId: USDT, accountType: 1, part: 'available', amount: usdt, kind: 'grant' }],
      null,
      at,
    );
  return id;
}
