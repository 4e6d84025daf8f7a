import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../../db/database.ts';
import { JobRepository } from '../../db/repositories/job-repository.ts';
import { LedgerRepository, type BillKind } from '../../db/repositories/ledger-repository.ts';
import { addFundedUser, USDT } from '../../domain/__tests__/review-test-kinds.ts';
import { ManualClock } from '../../feed/clock.ts';
import { expectBillsMatchBalances, freshDataDir } from '../../__tests__/harness/index.ts';
import type { Job } from '../job.ts';
import { JobRunner } from '../job-runner.ts';
import { DAY_MS, periodsElapsed } from '../periods.ts';

const T0 = 1_750_000_000_000;
const HOUR = 3_600_000;
const FUNDS = 5_000_00000000n;
const PRINCIPAL = 777_77777777n;
const RATE_PPM = 1234n; // 0.1234 % a day
const DAYS = 10;
const INTEREST = 'test_interest' as BillKind;
const LOCK = 'test_lock' as BillKind;
const JOB = 'test:interest';

/**
 * A made-up earn product for these tests: a deposit locks its principal (available -> frozen), earns
 * principal × rate a day for `days` days, paid into available by the job, and its principal comes
 * back at the end. The record keeps a cursor (paid_days) like a real feature would.
 */
function createDepositTable(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS test_deposits (
    id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, principal INTEGER NOT NULL, rate_ppm INTEGER NOT NULL,
    days INTEGER NOT NULL, started_at INTEGER NOT NULL, paid_days INTEGER NOT NULL DEFAULT 0, done INTEGER NOT NULL DEFAULT 0)`);
}

interface Deposit {
  id: number;
  user_id: number;
  principal: bigint;
  rate_ppm: bigint;
  days: number;
  started_at: number;
  paid_days: number;
}

const dailyInterest = (deposit: Pick<Deposit, 'principal' | 'rate_ppm'>): bigint =>
  (deposit.principal * deposit.rate_ppm) / 1_000_000n;

function openDeposit(db: Db, userId: number, at: number): number {
  return db.transaction(() => {
    const id = Number(
      db
        .prepare('INSERT INTO test_deposits (user_id, principal, rate_ppm, days, started_at) VALUES (?, ?, ?, ?, ?)')
        .run(userId, PRINCIPAL, RATE_PPM, DAYS, at).lastInsertRowid,
    );
    const key = { userId, coinId: USDT, accountType: 1 };
    new LedgerRepository(db).apply(
      [
        { ...key, part: 'available', amount: -PRINCIPAL, kind: LOCK },
        { ...key, part: 'frozen', amount: PRINCIPAL, kind: LOCK },
      ],
      id,
      at,
    );
    return id;
  })();
}

function depositRows(db: Db): Deposit[] {
  const rows = db.prepare('SELECT * FROM test_deposits WHERE done = 0 ORDER BY id').safeIntegers(true).all() as Record<
    string,
    bigint
  >[];
  return rows.map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    principal: r.principal as bigint,
    rate_ppm: r.rate_ppm as bigint,
    days: Number(r.days),
    started_at: Number(r.started_at),
    paid_days: Number(r.paid_days),
  }));
}

/** The daily-interest job. `pause` runs after the due units were worked out and before any is paid. */
function interestJob(db: Db, pause?: () => Promise<void>): Job {
  const ledger = new LedgerRepository(db);
  return {
    name: JOB,
    everyMs: 60_000,
    async run(ctx) {
      const work: { key: string; pay: () => void }[] = [];
      for (const deposit of depositRows(db)) {
        const key = { userId: deposit.user_id, coinId: USDT, accountType: 1 };
        const due = periodsElapsed(deposit.started_at, ctx.now, DAY_MS, deposit.days);
        for (let day = deposit.paid_days + 1; day <= due; day++) {
          work.push({
            key: `deposit ${deposit.id} day ${day}`,
            pay: () => {
              ledger.apply(
                [{ ...key, part: 'available', amount: dailyInterest(deposit), kind: INTEREST, remark: `day ${day}` }],
                deposit.id,
                ctx.now,
              );
              db.prepare('UPDATE test_deposits SET paid_days = ? WHERE id = ?').run(day, deposit.id);
            },
          });
        }
        if (due === deposit.days) {
          work.push({
            key: `deposit ${deposit.id} end`,
            pay: () => {
              ledger.apply(
                [
                  { ...key, part: 'frozen', amount: -deposit.principal, kind: LOCK, remark: 'end' },
                  { ...key, part: 'available', amount: deposit.principal, kind: LOCK, remark: 'end' },
                ],
                deposit.id,
                ctx.now,
              );
              db.prepare('UPDATE test_deposits SET done = 1 WHERE id = ?').run(deposit.id);
            },
          });
        }
      }
      await pause?.();
      for (const unit of work) ctx.unit(unit.key, unit.pay);
    },
  };
}

describe('the job runner', () => {
  let dataDir: string;
  let clock: ManualClock;
  let opened: Db[];
  let runners: JobRunner[];
  let errors: string[];

  beforeEach(async () => {
    dataDir = await freshDataDir('schema', 'jobs-test-');
    clock = new ManualClock(T0);
    opened = [];
    runners = [];
    errors = [];
  });
  afterEach(async () => {
    for (const runner of runners) await runner.stop();
    for (const db of opened) if (db.open) db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A connection of its own to the test's database file, as a separate server process would have. */
  const connect = (): Db => {
    const db = openDatabase(dataDir);
    createDepositTable(db);
    opened.push(db);
    return db;
  };
  const runnerOn = (db: Db, ...jobs: Job[]): JobRunner => {
    const runner = new JobRunner({
      db,
      now: () => clock.now(),
      log: { info: () => {}, error: (message) => errors.push(message) },
    });
    for (const job of jobs) runner.register(job);
    runners.push(runner);
    return runner;
  };
  const interestBills = (db: Db, userId: number): string[] =>
    new LedgerRepository(db)
      .bills(userId)
      .filter((b) => b.kind === INTEREST)
      .map((b) => b.remark);
  const days = (...numbers: number[]): string[] => numbers.map((n) => `day ${n}`);

  it('pays each day once, day by day, across a restart, and three missed days on the next start; the ledger holds after each step', async () => {
    const first = connect();
    const user = addFundedUser(first, 'saver', FUNDS, T0);
    openDeposit(first, user, T0);
    const daily = dailyInterest({ principal: PRINCIPAL, rate_ppm: RATE_PPM });
    const balance = (db: Db) => new LedgerRepository(db).balance({ userId: user, coinId: USDT, accountType: 1 });

    const runner = runnerOn(first, interestJob(first));
    await runner.start();
    expect(interestBills(first, user)).toEqual([]);

    for (let day = 1; day <= 3; day++) {
      clock.set(T0 + day * DAY_MS + HOUR);
      const [report] = await runner.run();
      expect(report).toMatchObject({ job: JOB, done: 1, failed: 0 });
      expect(interestBills(first, user)).toEqual(days(...Array.from({ length: day }, (_, i) => i + 1)));
      expect(balance(first)).toEqual({ available: FUNDS - PRINCIPAL + BigInt(day) * daily, frozen: PRINCIPAL });
      expectBillsMatchBalances(first);
    }

    // A restart in the middle of day 3: a new runner on a new connection pays nothing twice.
    await runner.stop();
    first.close();
    const second = connect();
    const restarted = runnerOn(second, interestJob(second));
    await restarted.start();
    expect(interestBills(second, user)).toEqual(days(1, 2, 3));
    clock.set(T0 + 4 * DAY_MS + HOUR);
    await restarted.run();
    expect(interestBills(second, user)).toEqual(days(1, 2, 3, 4));
    expectBillsMatchBalances(second);

    // Even with the record's cursor lost, the unit keys refuse every day already paid.
    second.prepare('UPDATE test_deposits SET paid_days = 0').run();
    clock.advance(60_000);
    const [again] = await restarted.run();
    expect(again).toMatchObject({ done: 0, skipped: 4, failed: 0 });
    expect(interestBills(second, user)).toEqual(days(1, 2, 3, 4));

    // Down for three days: the next start pays days 5, 6 and 7 before it resolves.
    await restarted.stop();
    second.close();
    clock.set(T0 + 7 * DAY_MS + HOUR);
    const third = connect();
    const afterGap = runnerOn(third, interestJob(third));
    await afterGap.start();
    expect(interestBills(third, user)).toEqual(days(1, 2, 3, 4, 5, 6, 7));
    expect(balance(third)).toEqual({ available: FUNDS - PRINCIPAL + 7n * daily, frozen: PRINCIPAL });
    expectBillsMatchBalances(third);

    // Past the end: the last three days and the principal, once.
    clock.set(T0 + 12 * DAY_MS);
    await afterGap.run();
    clock.set(T0 + 20 * DAY_MS);
    await afterGap.run();
    expect(interestBills(third, user)).toEqual(days(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    expect(balance(third)).toEqual({ available: FUNDS + BigInt(DAYS) * daily, frozen: 0n });
    expect(new JobRepository(third).units(JOB)).toHaveLength(DAYS + 1);
    expectBillsMatchBalances(third);
  });

  it('two overlapping runs on two connections pay each unit once', async () => {
    const a = connect();
    const b = connect();
    const user = addFundedUser(a, 'saver', FUNDS, T0);
    openDeposit(a, user, T0);
    clock.set(T0 + 3 * DAY_MS + HOUR);

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let paused!: () => void;
    const reachedGate = new Promise<void>((resolve) => (paused = resolve));
    const slow = runnerOn(
      a,
      interestJob(a, async () => {
        paused();
        await gate;
      }),
    ).run();
    await reachedGate; // the slow run has read the deposit (paid_days 0) and holds three due days
    const [fast] = await runnerOn(b, interestJob(b)).run();
    expect(fast).toMatchObject({ done: 3, skipped: 0 });
    release();
    const [late] = await slow;
    expect(late).toMatchObject({ done: 0, skipped: 3, failed: 0 });
    expect(interestBills(a, user)).toEqual(days(1, 2, 3));
    expectBillsMatchBalances(a);
  });

  it('a failing unit is logged, keeps no trace, does not stop the others, and is tried again on the next run', async () => {
    const db = connect();
    const good = addFundedUser(db, 'good', FUNDS, T0);
    const other = addFundedUser(db, 'other', FUNDS, T0);
    openDeposit(db, good, T0);
    const broken = openDeposit(db, other, T0);
    db.pragma('foreign_keys = OFF');
    db.prepare('UPDATE test_deposits SET user_id = 999999 WHERE id = ?').run(broken); // its user is gone: the ledger refuses it
    db.pragma('foreign_keys = ON');
    clock.set(T0 + DAY_MS + HOUR);

    const runner = runnerOn(db, interestJob(db));
    const [report] = await runner.run();
    expect(report).toMatchObject({ done: 1, failed: 1 });
    expect(interestBills(db, good)).toEqual(days(1));
    expect(errors).toEqual([expect.stringMatching(new RegExp(`unit "deposit ${broken} day 1" failed.*FOREIGN KEY`))]);
    expect(new JobRepository(db).isDone(JOB, `deposit ${broken} day 1`)).toBe(false);

    clock.advance(60_000);
    const [stillBroken] = await runner.run();
    expect(stillBroken).toMatchObject({ done: 0, failed: 1 });
    expect(errors).toHaveLength(1); // the same failure is not logged at every retry

    db.prepare('UPDATE test_deposits SET user_id = ? WHERE id = ?').run(other, broken);
    clock.advance(60_000);
    const [retry] = await runner.run();
    expect(retry).toMatchObject({ done: 1, failed: 0 });
    expect(interestBills(db, other)).toEqual(days(1));
    expectBillsMatchBalances(db);
  });

  it('a job that throws is logged and the next job still runs', async () => {
    const db = connect();
    const ran: string[] = [];
    const runner = runnerOn(
      db,
      {
        name: 'broken',
        run: () => {
          throw new Error('no market price');
        },
      },
      { name: 'fine', run: (ctx) => void ctx.unit('one', () => ran.push('one')) },
    );
    const reports = await runner.run();
    expect(reports).toEqual([
      { job: 'broken', done: 0, skipped: 0, failed: 0, error: 'no market price' },
      { job: 'fine', done: 1, skipped: 0, failed: 0 },
    ]);
    expect(ran).toEqual(['one']);
    expect(errors).toEqual(['job broken failed: no market price']);
  });

  it("refuses a unit whose work is asynchronous: it would write outside the unit's transaction", async () => {
    const db = connect();
    const runner = runnerOn(db, { name: 'async', run: (ctx) => void ctx.unit('one', (async () => {}) as () => void) });
    const [report] = await runner.run();
    expect(report).toMatchObject({ done: 0, failed: 1 });
    expect(errors).toEqual([expect.stringContaining('must be synchronous')]);
    expect(new JobRepository(db).isDone('async', 'one')).toBe(false);
  });

  it('runs are single-flight, names unique', async () => {
    const db = connect();
    const runner = runnerOn(db, { name: 'a', run: () => {} });
    expect(runner.run()).toBe(runner.run());
    expect(() => runner.register({ name: 'a', run: () => {} })).toThrow(/already registered/);
  });

  describe('the timer', () => {
    afterEach(() => vi.useRealTimers());

    it('runs every tick after start, each job at its own interval of the clock, and not after stop', async () => {
      vi.useFakeTimers();
      const db = connect();
      let often = 0;
      let daily = 0;
      const runner = runnerOn(
        db,
        { name: 'often', run: () => void often++ },
        { name: 'daily', everyMs: DAY_MS, run: () => void daily++ },
      );
      await runner.start();
      expect([often, daily]).toEqual([1, 1]);
      expect(runner.running).toBe(true);
      await vi.advanceTimersByTimeAsync(3_000);
      expect([often, daily]).toEqual([4, 1]);
      clock.advance(DAY_MS);
      await vi.advanceTimersByTimeAsync(1_000);
      expect([often, daily]).toEqual([5, 2]);
      await runner.stop();
      expect(runner.running).toBe(false);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(often).toBe(5);
    });
  });
});

describe('periodsElapsed', () => {
  it('counts whole periods ended since the start, capped', () => {
    expect(periodsElapsed(T0, T0 - 1, DAY_MS)).toBe(0);
    expect(periodsElapsed(T0, T0, DAY_MS)).toBe(0);
    expect(periodsElapsed(T0, T0 + DAY_MS - 1, DAY_MS)).toBe(0);
    expect(periodsElapsed(T0, T0 + DAY_MS, DAY_MS)).toBe(1);
    expect(periodsElapsed(T0, T0 + 3.5 * DAY_MS, DAY_MS)).toBe(3);
    expect(periodsElapsed(T0, T0 + 30 * DAY_MS, DAY_MS, 10)).toBe(10);
    expect(() => periodsElapsed(T0, T0, 0)).toThrow(/positive/);
  });
});
