import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_LIST_DEFAULT_LIMIT, REVIEW_LIST_DEFAULT_LIMIT, runAdmin } from '../admin.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { MailRepository } from '../db/repositories/mail-repository.ts';
import { NoticeRepository } from '../db/repositories/notice-repository.ts';
import { LedgerRepository } from '../db/repositories/ledger-repository.ts';
import { UserRepository } from '../db/repositories/user-repository.ts';
import {
  addFundedUser,
  createTestTables,
  NOTE,
  PAYOUT,
  payoutRecord,
  submitNote,
  submitPayout,
  TEST_KINDS,
  USDT,
} from '../domain/__tests__/review-test-kinds.ts';
import { createReviews } from '../domain/reviews.ts';
import { ManualClock } from '../feed/clock.ts';
import { freshDataDir } from './harness/index.ts';

describe('npm run admin', () => {
  let dataDir: string;
  let config: ServerConfig;
  let out: string[];
  let err: string[];
  const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
  const run = (...argv: string[]) => runAdmin(argv, config, io);

  beforeEach(async () => {
    dataDir = await freshDataDir('demo', 'admin-test-');
    config = loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '' });
    out = [];
    err = [];
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const withDb = <T>(fn: (db: ReturnType<typeof openDatabase>) => T): T => {
    const db = openDatabase(dataDir);
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };

  it('notice:add adds a broadcast, or a notice for one user', () => {
    expect(run('notice:add', '--title', 'Broadcast', '--content', '<p>all</p>')).toBe(0);
    expect(run('notice:add', '--title', 'Personal', '--content', '<p>you</p>', '--user', 'demo')).toBe(0);
    expect(out.join('\n')).toMatch(/for everyone[\s\S]*for demo/);
    withDb((db) => {
      const demo = new UserRepository(db).findByUsername('demo')!;
      const titles = new NoticeRepository(db).page(demo.id, 1, 2).list.map((n) => n.title);
      expect(titles.sort()).toEqual(['Broadcast', 'Personal']);
      expect(db.prepare("SELECT user_id FROM notices WHERE title = 'Broadcast'").pluck().get()).toBeNull();
    });
  });

  it('notice:add refuses a missing title or content and an unknown user, adding nothing', () => {
    const before = withDb((db) => db.prepare('SELECT COUNT(*) FROM notices').pluck().get());
    expect(run('notice:add', '--content', 'x')).toBe(1);
    expect(run('notice:add', '--title', 'x')).toBe(1);
    expect(run('notice:add', '--title', 'x', '--content', 'y', '--user', 'ghost')).toBe(1);
    expect(run('notice:add', '--title', 'x', '--content', 'y', '--bogus')).toBe(1);
    expect(err.join('\n')).toContain('no user named "ghost"');
    expect(withDb((db) => db.prepare('SELECT COUNT(*) FROM notices').pluck().get())).toBe(before);
  });

  it('user:list lists the accounts', () => {
    expect(run('user:list')).toBe(0);
    expect(out.some((line) => line.split('\t')[1] === 'demo')).toBe(true);
    expect(out.at(-1)).toBe('1 user(s)');
  });

  it('config:show prints the config getSetting answers, from the operator file when it exists', () => {
    expect(run('config:show')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({
      name: 'TradeDesk',
      quantize_switch: 0,
      ip_lookup_url: '/api/index/ip',
    });
    expect(err.join('\n')).toContain('does not exist yet');

    writeFileSync(join(dataDir, 'site-config.json'), JSON.stringify({ name: 'Operator Desk' }));
    out = [];
    expect(run('config:show')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ name: 'Operator Desk', theme_switch: 1 });
  });

  describe('mail:list', () => {
    const queue = (to: string, code: string, createdAt: number) =>
      withDb((db) =>
        new MailRepository(db).addMessage({
          to,
          subject: `Code for ${to}`,
          body: `Your code is ${code}`,
          code,
          created_at: createdAt,
        }),
      );
    const rows = () => out.slice(1, -1).map((line) => line.split('\t'));

    it('prints the outbox newest first with address and code', () => {
      queue('a@example.com', '111111', Date.UTC(2025, 0, 1, 10));
      queue('b@example.com', '222222', Date.UTC(2025, 0, 1, 12));
      queue('a@example.com', '333333', Date.UTC(2025, 0, 1, 11));
      expect(run('mail:list')).toBe(0);
      expect(out[0]!.split('\t')).toEqual(['created', 'to', 'code', 'subject']);
      expect(rows().map(([, to, code]) => [to, code])).toEqual([
        ['b@example.com', '222222'],
        ['a@example.com', '333333'],
        ['a@example.com', '111111'],
      ]);
      expect(rows()[0]![0]).toBe(new Date(Date.UTC(2025, 0, 1, 12)).toISOString());
      expect(out.at(-1)).toMatch(/^3 message\(s\)/);
    });

    it('--to keeps one address (as Ems/send stores it: trimmed, lower-case) and --limit the newest N', () => {
      for (let i = 0; i < 4; i++) queue('a@example.com', `10000${i}`, 1_000 + i);
      queue('b@example.com', '999999', 5_000);
      expect(run('mail:list', '--to', ' A@Example.com ', '--limit', '2')).toBe(0);
      expect(rows().map(([, to, code]) => [to, code])).toEqual([
        ['a@example.com', '100003'],
        ['a@example.com', '100002'],
      ]);
    });

    it(`shows at most ${MAIL_LIST_DEFAULT_LIMIT} without --limit`, () => {
      for (let i = 0; i < MAIL_LIST_DEFAULT_LIMIT + 3; i++) queue('many@example.com', String(100000 + i), 1_000 + i);
      expect(run('mail:list')).toBe(0);
      expect(rows()).toHaveLength(MAIL_LIST_DEFAULT_LIMIT);
      expect(rows()[0]![2]).toBe(String(100000 + MAIL_LIST_DEFAULT_LIMIT + 2));
    });

    it('says so when nothing was queued', () => {
      expect(run('mail:list')).toBe(0);
      expect(out).toEqual(['the outbox is empty']);
      queue('a@example.com', '123456', 1_000);
      out = [];
      expect(run('mail:list', '--to', 'nobody@example.com')).toBe(0);
      expect(out).toEqual(['no mail queued for nobody@example.com']);
    });

    it('refuses a limit that is not a whole number from 1, and an unknown option', () => {
      for (const limit of ['0', '-1', '2.5', 'ten', '']) expect(run('mail:list', '--limit', limit)).toBe(1);
      expect(run('mail:list', '--bogus')).toBe(1);
      expect(err.join('\n')).toContain('--limit must be a whole number');
      expect(out).toEqual([]);
    });
  });

  describe('review commands', () => {
    const T0 = Date.UTC(2025, 5, 1, 9);
    const AMOUNT = 25_50000000n; // 25.5 USDT
    let clock: ManualClock;
    let payer: number;
    let payee: number;
    const decide = (...argv: string[]) =>
      runAdmin(argv, config, io, { now: () => clock.now(), reviewKinds: TEST_KINDS });
    const arrange = <T>(fn: (db: ReturnType<typeof openDatabase>, reviews: ReturnType<typeof createReviews>) => T): T =>
      withDb((db) =>
        fn(
          db,
          createReviews(db, () => clock.now(), TEST_KINDS),
        ),
      );
    const rows = () => out.slice(1, -1).map((line) => line.split('\t'));
    const state = () =>
      withDb((db) => ({
        reviews: db.prepare('SELECT * FROM reviews ORDER BY id').all(),
        bills: db.prepare('SELECT COUNT(*) FROM bills').pluck().get(),
        payouts: db.prepare('SELECT * FROM test_payouts ORDER BY id').all(),
      }));
    const balance = (userId: number) =>
      withDb((db) => new LedgerRepository(db).balance({ userId, coinId: USDT, accountType: 1 }));

    beforeEach(() => {
      clock = new ManualClock(T0);
      [payer, payee] = withDb((db) => {
        createTestTables(db);
        return [addFundedUser(db, 'payer', 100_00000000n, T0), addFundedUser(db, 'payee', 0n, T0)];
      });
    });

    it('review:list prints the pending reviews oldest first, with user, hold and summary', () => {
      expect(decide('review:list')).toBe(0);
      expect(out).toEqual(['no pending reviews']);
      const first = arrange((db, reviews) => submitPayout(db, reviews, payer, payee, AMOUNT));
      clock.advance(60_000);
      const note = arrange((db, reviews) => submitNote(db, reviews, payee, 'check\tthis'));
      out = [];
      expect(decide('review:list')).toBe(0);
      expect(out[0]!.split('\t')).toEqual([
        'id',
        'kind',
        'user',
        'ref',
        'hold',
        'status',
        'created',
        'decided',
        'summary',
        'reason',
      ]);
      expect(rows()).toEqual([
        [
          String(first.reviewId),
          PAYOUT,
          'payer',
          String(first.payoutId),
          '25.5 USDT (account 1)',
          'pending',
          new Date(T0).toISOString(),
          '-',
          `pay ${AMOUNT} units to user ${payee}`,
          '-',
        ],
        [
          String(note.reviewId),
          NOTE,
          'payee',
          String(note.noteId),
          '-',
          'pending',
          new Date(T0 + 60_000).toISOString(),
          '-',
          'check this',
          '-',
        ],
      ]);
      expect(out.at(-1)).toBe('2 pending reviews, oldest first');

      out = [];
      expect(decide('review:list', '--kind', NOTE)).toBe(0);
      expect(rows().map((r) => r[0])).toEqual([String(note.reviewId)]);
      expect(out.at(-1)).toBe(`1 pending review of kind ${NOTE}, oldest first`);
    });

    it('review:list --all shows decided reviews newest first with who decided, when and why; --limit the first N', () => {
      const a = arrange((db, reviews) => submitPayout(db, reviews, payer, payee, AMOUNT));
      const b = arrange((db, reviews) => submitPayout(db, reviews, payer, payee, 1n));
      clock.advance(5_000);
      expect(decide('review:reject', String(a.reviewId), '--reason', 'blurred proof')).toBe(0);
      out = [];
      expect(decide('review:list')).toBe(0);
      expect(rows().map((r) => r[0])).toEqual([String(b.reviewId)]);
      out = [];
      expect(decide('review:list', '--all')).toBe(0);
      expect(rows().map((r) => [r[0], r[5], r[7], r[9]])).toEqual([
        [String(b.reviewId), 'pending', '-', '-'],
        [String(a.reviewId), 'rejected', `operator ${new Date(T0 + 5_000).toISOString()}`, 'blurred proof'],
      ]);
      out = [];
      expect(decide('review:list', '--all', '--limit', '1')).toBe(0);
      expect(rows()).toHaveLength(1);
      expect(out.at(-1)).toBe('2 reviews, newest first (the newest 1 shown)');
    });

    it(`review:list warns about a kind nobody registered, refuses a bad --limit, and shows ${REVIEW_LIST_DEFAULT_LIMIT} by default`, () => {
      expect(decide('review:list', '--kind', 'deposits')).toBe(0);
      expect(err).toEqual([`note: no review kind "deposits" is registered (known: ${PAYOUT}, ${NOTE})`]);
      expect(out).toEqual(['no pending reviews of kind deposits']);
      for (const limit of ['0', '-3', 'x']) expect(decide('review:list', '--limit', limit)).toBe(1);
      arrange((db, reviews) => {
        for (let i = 0; i < REVIEW_LIST_DEFAULT_LIMIT + 2; i++) submitNote(db, reviews, payer, `n${i}`);
      });
      out = [];
      expect(decide('review:list')).toBe(0);
      expect(rows()).toHaveLength(REVIEW_LIST_DEFAULT_LIMIT);
    });

    it('review:approve decides as the server does: the hold is taken, the payee paid, recorded as the operator at that time; once', () => {
      const { payoutId, reviewId } = arrange((db, reviews) => submitPayout(db, reviews, payer, payee, AMOUNT));
      clock.advance(90_000);
      expect(decide('review:approve', String(reviewId))).toBe(0);
      expect(out).toEqual([
        `review ${reviewId} approved (${PAYOUT} #${payoutId} of payer): the hold of 25.5 USDT (account 1) was taken`,
      ]);
      expect(balance(payer)).toEqual({ available: 100_00000000n - AMOUNT, frozen: 0n });
      expect(balance(payee)).toEqual({ available: AMOUNT, frozen: 0n });
      expect(withDb((db) => payoutRecord(db, payoutId).status)).toBe('approved');
      const after = state();
      expect(after.reviews[0]).toMatchObject({ status: 'approved', decided_by: 'operator', decided_at: T0 + 90_000 });

      clock.advance(1_000);
      expect(decide('review:approve', String(reviewId))).toBe(1);
      expect(decide('review:reject', String(reviewId), '--reason', 'changed my mind')).toBe(1);
      expect(err).toEqual([
        `review ${reviewId} was already approved by operator at ${new Date(T0 + 90_000).toISOString()}; nothing changed`,
        `review ${reviewId} was already approved by operator at ${new Date(T0 + 90_000).toISOString()}; nothing changed`,
      ]);
      expect(state()).toEqual(after);
    });

    it('review:reject needs a reason, then gives back exactly the hold and stores the reason', () => {
      const { payoutId, reviewId } = arrange((db, reviews) => submitPayout(db, reviews, payer, payee, AMOUNT));
      const before = state();
      expect(decide('review:reject', String(reviewId))).toBe(1);
      expect(decide('review:reject', String(reviewId), '--reason', '  ')).toBe(1);
      expect(err).toEqual([
        'review:reject needs --reason TEXT (the user is shown it)',
        'review:reject needs --reason TEXT (the user is shown it)',
      ]);
      expect(state()).toEqual(before);

      expect(decide('review:reject', String(reviewId), '--reason', 'name does not match')).toBe(0);
      expect(out).toEqual([
        `review ${reviewId} rejected (${PAYOUT} #${payoutId} of payer): the hold of 25.5 USDT (account 1) was given back; reason: name does not match`,
      ]);
      expect(balance(payer)).toEqual({ available: 100_00000000n, frozen: 0n });
      expect(withDb((db) => payoutRecord(db, payoutId))).toMatchObject({
        status: 'rejected',
        reason: 'name does not match',
      });
    });

    it('refuses a missing, malformed or unknown id, and an approve with a reason, changing nothing', () => {
      const { reviewId } = arrange((db, reviews) => submitPayout(db, reviews, payer, payee, AMOUNT));
      const before = state();
      for (const argv of [[], ['abc'], ['0'], ['1.5'], ['-1'], [String(reviewId), String(reviewId)]])
        expect(decide('review:approve', ...argv)).toBe(1);
      expect(decide('review:approve', '999')).toBe(1);
      expect(decide('review:reject', '999', '--reason', 'x')).toBe(1);
      expect(decide('review:approve', String(reviewId), '--reason', 'x')).toBe(1);
      expect(decide('review:approve', String(reviewId), '--bogus')).toBe(1);
      expect(err).toContain('review:approve needs one review id (a whole number from 1), got none');
      expect(err).toContain('review:approve needs one review id (a whole number from 1), got "abc"');
      expect(err).toContain('no review 999');
      expect(err).toContain('review:approve takes no --reason');
      expect(state()).toEqual(before);
      expect(out).toEqual([]);
    });

    it("with the server's own kinds, a review of a kind it does not know is refused, not decided", () => {
      const { reviewId } = arrange((db, reviews) => submitPayout(db, reviews, payer, payee, AMOUNT));
      const before = state();
      expect(run('review:approve', String(reviewId))).toBe(1);
      expect(err.join('\n')).toContain(`is of kind "${PAYOUT}", which this server does not know`);
      expect(state()).toEqual(before);
    });

    it('runs as its own process on DATA_DIR with the exit codes', async () => {
      const { reviewId } = arrange((db, reviews) => submitPayout(db, reviews, payer, payee, AMOUNT));
      const admin = (...argv: string[]) =>
        promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', fileURLToPath(new URL('../admin.ts', import.meta.url)), ...argv],
          { env: { ...process.env, DATA_DIR: dataDir } },
        ).then(
          ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
          (error: { code: number; stdout: string; stderr: string }) => ({
            code: error.code,
            stdout: error.stdout,
            stderr: error.stderr,
          }),
        );
      const listed = await admin('review:list');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`${reviewId}\t${PAYOUT}\tpayer`);
      const refusedReject = await admin('review:reject', String(reviewId));
      expect(refusedReject).toMatchObject({ code: 1, stderr: expect.stringContaining('needs --reason') });
    }, 60_000);
  });

  it('an unknown command prints the usage and fails', () => {
    expect(run('nope')).toBe(1);
    expect(err.join('\n')).toContain('usage: npm run admin');
    expect(err.join('\n')).toContain('review:reject ID --reason TEXT');
  });
});
