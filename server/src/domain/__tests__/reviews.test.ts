import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { InsufficientBalanceError, LedgerRepository, type Balance } from '../../db/repositories/ledger-repository.ts';
import { ManualClock } from '../../feed/clock.ts';
import { expectBillsMatchBalances, freshDataDir } from '../../__tests__/harness/index.ts';
import {
  createReviews,
  ReviewDecisionError,
  type ReviewKindFactory,
  type ReviewProblem,
  type Reviews,
} from '../reviews.ts';
import {
  addFundedUser,
  createTestTables,
  NOTE,
  PAYOUT,
  payoutRecord,
  submitNote,
  submitPayout,
  TEST_KINDS,
  testPayoutReview,
  USDT,
} from './review-test-kinds.ts';

const T0 = 1_750_000_000_000;
const FUNDS = 1_000_00000000n; // 1000 USDT
const AMOUNT = 123_45678901n; // 123.45678901 USDT

describe('the review queue', () => {
  let dataDir: string;
  let db: Db;
  let clock: ManualClock;
  let reviews: Reviews;
  let ledger: LedgerRepository;
  let payer: number;
  let payee: number;

  beforeEach(async () => {
    dataDir = await freshDataDir('schema', 'reviews-test-');
    db = openDatabase(dataDir);
    createTestTables(db);
    clock = new ManualClock(T0);
    reviews = createReviews(db, () => clock.now(), TEST_KINDS);
    ledger = new LedgerRepository(db);
    payer = addFundedUser(db, 'payer', FUNDS, T0);
    payee = addFundedUser(db, 'payee', 0n, T0);
  });
  afterEach(() => {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const usdt = (userId: number): Balance => ledger.balance({ userId, coinId: USDT, accountType: 1 });
  const billCount = (): number => db.prepare('SELECT COUNT(*) FROM bills').pluck().get() as number;
  /** Everything a refused decision must leave as it was. */
  const snapshot = () => ({
    reviews: db.prepare('SELECT * FROM reviews ORDER BY id').all(),
    payouts: db.prepare('SELECT * FROM test_payouts ORDER BY id').all(),
    bills: billCount(),
    payer: usdt(payer),
    payee: usdt(payee),
  });
  const refused = (work: () => unknown, problem: ReviewProblem): ReviewDecisionError => {
    const before = snapshot();
    let caught: unknown;
    try {
      work();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ReviewDecisionError);
    expect((caught as ReviewDecisionError).problem).toBe(problem);
    expect(snapshot()).toEqual(before);
    return caught as ReviewDecisionError;
  };

  it('submit writes a pending review and freezes its hold, with a review_hold bill on each part', () => {
    const { payoutId, reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    expect(reviews.find(reviewId)).toMatchObject({
      kind: PAYOUT,
      user_id: payer,
      username: 'payer',
      ref_id: payoutId,
      hold: { coinId: USDT, accountType: 1, amount: AMOUNT },
      hold_coin: 'USDT',
      status: 'pending',
      reason: '',
      decided_by: null,
      created_at: T0,
      decided_at: null,
    });
    expect(usdt(payer)).toEqual({ available: FUNDS - AMOUNT, frozen: AMOUNT });
    expect(
      ledger
        .bills(payer)
        .slice(1)
        .map((b) => [b.part, b.amount, b.kind, b.ref_id, b.remark]),
    ).toEqual([
      ['available', -AMOUNT, 'review_hold', BigInt(reviewId), `${PAYOUT} #${payoutId}`],
      ['frozen', AMOUNT, 'review_hold', BigInt(reviewId), `${PAYOUT} #${payoutId}`],
    ]);
    expect(reviews.findByRef(PAYOUT, payoutId)?.id).toBe(reviewId);
    expectBillsMatchBalances(db);
  });

  it('a hold above the available balance writes nothing: no review, no feature record, no bill', () => {
    const before = snapshot();
    expect(() => submitPayout(db, reviews, payer, payee, FUNDS + 1n)).toThrow(InsufficientBalanceError);
    expect(snapshot()).toEqual(before);
    expect(before.reviews).toEqual([]);
  });

  it('approve takes the hold and runs the kind: the payee is paid, the record and the review say who decided and when', () => {
    const { payoutId, reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    clock.advance(5_000);
    const decided = reviews.approve(reviewId);
    expect(decided).toMatchObject({ status: 'approved', decided_by: 'operator', decided_at: T0 + 5_000, reason: '' });
    expect(usdt(payer)).toEqual({ available: FUNDS - AMOUNT, frozen: 0n });
    expect(usdt(payee)).toEqual({ available: AMOUNT, frozen: 0n });
    expect(payoutRecord(db, payoutId)).toMatchObject({ status: 'approved', decided_at: T0 + 5_000 });
    expect(ledger.bills(payer).at(-1)).toMatchObject({
      part: 'frozen',
      amount: -AMOUNT,
      balance: 0n,
      kind: 'review_take',
      ref_id: BigInt(reviewId),
      created_at: BigInt(T0 + 5_000),
    });
    expectBillsMatchBalances(db);
  });

  it('reject gives back exactly what the request froze and stores the reason on the review and the record', () => {
    const before = usdt(payer);
    const { payoutId, reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    clock.advance(1_000);
    const decided = reviews.reject(reviewId, '  proof unreadable  ');
    expect(decided).toMatchObject({
      status: 'rejected',
      decided_by: 'operator',
      decided_at: T0 + 1_000,
      reason: 'proof unreadable',
    });
    expect(usdt(payer)).toEqual(before);
    expect(usdt(payee)).toEqual({ available: 0n, frozen: 0n });
    expect(payoutRecord(db, payoutId)).toMatchObject({ status: 'rejected', reason: 'proof unreadable' });
    expect(
      ledger
        .bills(payer)
        .slice(-2)
        .map((b) => [b.part, b.amount, b.kind]),
    ).toEqual([
      ['frozen', -AMOUNT, 'review_release'],
      ['available', AMOUNT, 'review_release'],
    ]);
    expectBillsMatchBalances(db);
  });

  it('a rejection without a reason is refused and changes nothing', () => {
    const { reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    for (const reason of ['', '   ']) refused(() => reviews.reject(reviewId, reason), 'reasonRequired');
    expect(reviews.find(reviewId)?.status).toBe('pending');
  });

  describe('a decision is taken once', () => {
    it('a second approve, a reject after approve, and a cancel after approve are refused and change nothing', () => {
      const { reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
      reviews.approve(reviewId);
      const error = refused(() => reviews.approve(reviewId), 'decided');
      expect(error.message).toBe(
        `review ${reviewId} was already approved by operator at ${new Date(T0).toISOString()}; nothing changed`,
      );
      refused(() => reviews.reject(reviewId, 'too late'), 'decided');
      refused(() => reviews.approve(reviewId, 'auto'), 'decided');
      refused(() => reviews.cancel(reviewId, payer), 'decided');
      expect(usdt(payee).available).toBe(AMOUNT);
      expectBillsMatchBalances(db);
    });

    it('an approve or a second reject after a rejection is refused and changes nothing', () => {
      const { reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
      reviews.reject(reviewId, 'no');
      expect(refused(() => reviews.approve(reviewId), 'decided').message).toContain('already rejected by operator');
      refused(() => reviews.reject(reviewId, 'again'), 'decided');
      expect(usdt(payer)).toEqual({ available: FUNDS, frozen: 0n });
    });

    it('holds across processes: a second connection on the same database cannot decide again', () => {
      const { reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
      const other = openDatabase(dataDir);
      try {
        const otherReviews = createReviews(other, () => clock.now(), TEST_KINDS);
        otherReviews.approve(reviewId);
        refused(() => reviews.reject(reviewId, 'raced'), 'decided');
        refused(() => reviews.approve(reviewId, 'auto'), 'decided');
      } finally {
        other.close();
      }
      expect(usdt(payee).available).toBe(AMOUNT);
      expectBillsMatchBalances(db);
    });
  });

  it('an unknown review id is refused', () => {
    refused(() => reviews.approve(999), 'notFound');
    refused(() => reviews.reject(999, 'x'), 'notFound');
  });

  it('the owner may cancel a pending request of a cancellable kind: the hold comes back; nobody else can, and nothing else can follow', () => {
    const { payoutId, reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    refused(() => reviews.cancel(reviewId, payee), 'notFound');
    expect(reviews.cancel(reviewId, payer)).toMatchObject({ status: 'cancelled', decided_by: 'user', decided_at: T0 });
    expect(usdt(payer)).toEqual({ available: FUNDS, frozen: 0n });
    expect(payoutRecord(db, payoutId).status).toBe('cancelled');
    refused(() => reviews.approve(reviewId), 'decided');
    expectBillsMatchBalances(db);
  });

  it('a kind without cancel cannot be cancelled; a kind without a hold decides without bill rows', () => {
    const { noteId, reviewId } = submitNote(db, reviews, payer, 'please look');
    refused(() => reviews.cancel(reviewId, payer), 'notCancellable');
    const bills = billCount();
    expect(reviews.approve(reviewId)).toMatchObject({ status: 'approved', hold: null });
    expect(db.prepare('SELECT status FROM test_notes WHERE id = ?').pluck().get(noteId)).toBe('approved');
    expect(billCount()).toBe(bills);
  });

  it('a handler that throws rolls the whole decision back: still pending, the hold still frozen', () => {
    const failing: ReviewKindFactory = (deps) => ({
      ...testPayoutReview(deps),
      approve: () => {
        throw new Error('payee account closed');
      },
    });
    const { reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    const before = snapshot();
    expect(() => createReviews(db, () => clock.now(), [failing]).approve(reviewId)).toThrow('payee account closed');
    expect(snapshot()).toEqual(before);
    expect(reviews.approve(reviewId).status).toBe('approved');
  });

  it('a review of a kind this registry does not know is refused, not decided blindly', () => {
    const { reviewId } = submitNote(db, reviews, payer, 'from a newer version');
    const older = createReviews(db, () => clock.now(), [testPayoutReview]);
    expect(refused(() => older.approve(reviewId), 'unknownKind').message).toContain(`kind "${NOTE}"`);
    expect(() => older.submit({ kind: NOTE, userId: payer, refId: 1 })).toThrow(/unknown review kind/);
  });

  it('one pending review per record; after a decision the record may be submitted again', () => {
    const { payoutId, reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    expect(() => reviews.submit({ kind: PAYOUT, userId: payer, refId: payoutId })).toThrow(/UNIQUE/);
    reviews.reject(reviewId, 'blurred');
    const again = reviews.submit({
      kind: PAYOUT,
      userId: payer,
      refId: payoutId,
      hold: { coinId: USDT, accountType: 1, amount: AMOUNT },
    });
    expect(reviews.findByRef(PAYOUT, payoutId)?.id).toBe(again);
    expect(usdt(payer)).toEqual({ available: FUNDS - AMOUNT, frozen: AMOUNT });
  });

  it('lists pending reviews oldest first, or every review newest first, optionally of one kind', () => {
    const first = submitPayout(db, reviews, payer, payee, 1n).reviewId;
    clock.advance(1);
    const note = submitNote(db, reviews, payer, 'n').reviewId;
    clock.advance(1);
    const third = submitPayout(db, reviews, payer, payee, 2n).reviewId;
    reviews.approve(first);
    expect(reviews.list({ pendingOnly: true, limit: 10 })).toMatchObject({
      total: 2,
      rows: [{ id: note }, { id: third }],
    });
    expect(reviews.list({ pendingOnly: false, limit: 2 })).toMatchObject({
      total: 3,
      rows: [{ id: third }, { id: note }],
    });
    expect(reviews.list({ pendingOnly: false, kind: PAYOUT, limit: 10 }).rows.map((r) => r.id)).toEqual([third, first]);
  });

  it('the schema itself keeps a review auditable: a rejection has a reason, a decision its decider and time, a hold all its parts', () => {
    const { reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    const update = (sql: string) => () => db.prepare(`UPDATE reviews SET ${sql} WHERE id = ?`).run(reviewId);
    expect(update("status = 'rejected', reason = '', decided_by = 'operator', decided_at = 1")).toThrow(/CHECK/);
    expect(update("status = 'approved', decided_by = 'operator'")).toThrow(/CHECK/);
    expect(update("status = 'approved', decided_at = 1")).toThrow(/CHECK/);
    expect(update('hold_coin_id = NULL')).toThrow(/CHECK/);
    expect(update("decided_by = 'someone'")).toThrow(/CHECK/);
  });

  it('the registry refuses a duplicate or malformed kind name', () => {
    expect(() => createReviews(db, Date.now, [testPayoutReview, testPayoutReview])).toThrow(/registered twice/);
    expect(() => createReviews(db, Date.now, [(deps) => ({ ...testPayoutReview(deps), name: 'Bad-Name' })])).toThrow(
      /lower-case/,
    );
  });
});
