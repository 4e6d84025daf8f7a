import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { LedgerRepository } from '../../db/repositories/ledger-repository.ts';
import {
  addFundedUser,
  createTestTables,
  payoutRecord,
  submitNote,
  submitPayout,
  TEST_KINDS,
  USDT,
} from '../../domain/__tests__/review-test-kinds.ts';
import { createReviews, type Reviews } from '../../domain/reviews.ts';
import { ManualClock } from '../../feed/clock.ts';
import { expectBillsMatchBalances, freshDataDir } from '../../__tests__/harness/index.ts';
import { JobRunner } from '../job-runner.ts';
import { REVIEW_AUTO_APPROVAL_JOB, reviewAutoApprovalJob, reviewAutoSeconds } from '../review-auto-approval.ts';

const T0 = 1_750_000_000_000;
const SECONDS = 30;
const AMOUNT = 25_00000000n;

describe('automatic approval of reviews (the demo)', () => {
  let dataDir: string;
  let db: Db;
  let clock: ManualClock;
  let reviews: Reviews;
  let runner: JobRunner;
  let errors: string[];
  let payer: number;
  let payee: number;

  const build = (): void => {
    db = openDatabase(dataDir);
    createTestTables(db);
    reviews = createReviews(db, () => clock.now(), TEST_KINDS);
    runner = new JobRunner({
      db,
      now: () => clock.now(),
      log: { info: () => {}, error: (message) => errors.push(message) },
    });
    runner.register(reviewAutoApprovalJob(reviews, SECONDS));
  };
  const shutDown = async (): Promise<void> => {
    await runner.stop();
    db.close();
  };

  beforeEach(async () => {
    dataDir = await freshDataDir('schema', 'auto-review-test-');
    clock = new ManualClock(T0);
    errors = [];
    build();
    payer = addFundedUser(db, 'payer', 100_00000000n, T0);
    payee = addFundedUser(db, 'payee', 0n, T0);
  });
  afterEach(async () => {
    if (db.open) await shutDown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`approves a pending review ${SECONDS} s after it was submitted, not a moment before, as decided by auto`, async () => {
    await runner.start();
    const early = submitPayout(db, reviews, payer, payee, AMOUNT);
    clock.advance(10_000);
    const later = submitPayout(db, reviews, payer, payee, AMOUNT);

    clock.set(T0 + SECONDS * 1000 - 1);
    await runner.run();
    expect(reviews.find(early.reviewId)?.status).toBe('pending');

    clock.set(T0 + SECONDS * 1000);
    await runner.run();
    expect(reviews.find(early.reviewId)).toMatchObject({
      status: 'approved',
      decided_by: 'auto',
      decided_at: T0 + SECONDS * 1000,
    });
    expect(payoutRecord(db, early.payoutId).status).toBe('approved');
    expect(reviews.find(later.reviewId)?.status).toBe('pending');
    expect(new LedgerRepository(db).balance({ userId: payee, coinId: USDT, accountType: 1 }).available).toBe(AMOUNT);
    expectBillsMatchBalances(db);

    clock.set(T0 + 10_000 + SECONDS * 1000);
    await runner.run();
    expect(reviews.find(later.reviewId)).toMatchObject({ status: 'approved', decided_by: 'auto' });
    expect(errors).toEqual([]);
  });

  it('leaves what an operator decided first, and kinds that opt out of automatic approval', async () => {
    const rejected = submitPayout(db, reviews, payer, payee, AMOUNT);
    const note = submitNote(db, reviews, payer, 'operator only');
    clock.advance(5_000);
    reviews.reject(rejected.reviewId, 'not this one');
    clock.advance(SECONDS * 1000 * 10);
    await runner.run();
    expect(reviews.find(rejected.reviewId)).toMatchObject({
      status: 'rejected',
      decided_by: 'operator',
      decided_at: T0 + 5_000,
    });
    expect(reviews.find(note.reviewId)?.status).toBe('pending');
    expect(new LedgerRepository(db).balance({ userId: payer, coinId: USDT, accountType: 1 })).toEqual({
      available: 100_00000000n,
      frozen: 0n,
    });
    expect(errors).toEqual([]);
  });

  it('catches up on start: a review that fell due while the server was down is approved before the runner has started', async () => {
    await runner.start();
    const { reviewId } = submitPayout(db, reviews, payer, payee, AMOUNT);
    clock.advance(10_000);
    await runner.run();
    await shutDown();

    clock.advance(3_600_000);
    build();
    expect(reviews.find(reviewId)?.status).toBe('pending');
    await runner.start();
    expect(reviews.find(reviewId)).toMatchObject({
      status: 'approved',
      decided_by: 'auto',
      decided_at: T0 + 10_000 + 3_600_000,
    });
    expectBillsMatchBalances(db);
  });

  it('a demo server only: REVIEW_AUTO_SECONDS applies with SEED_DEMO=1 (default 30), 0 turns it off', () => {
    const seconds = (env: Record<string, string>) => reviewAutoSeconds(loadConfig({ DATA_DIR: dataDir, ...env }));
    expect(seconds({})).toBe(30);
    expect(seconds({ REVIEW_AUTO_SECONDS: '5' })).toBe(5);
    expect(seconds({ REVIEW_AUTO_SECONDS: '0' })).toBe(0);
    expect(seconds({ SEED_DEMO: '0' })).toBe(0);
    expect(seconds({ SEED_DEMO: '0', REVIEW_AUTO_SECONDS: '5' })).toBe(0);
    expect(() => reviewAutoApprovalJob(reviews, 0)).toThrow(/above 0/);
    expect(runner.jobNames()).toEqual([REVIEW_AUTO_APPROVAL_JOB]);
  });
});
