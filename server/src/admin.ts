import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { MailRepository } from './db/repositories/mail-repository.ts';
import { NoticeRepository } from './db/repositories/notice-repository.ts';
import { SessionRepository } from './db/repositories/session-repository.ts';
import { SignInRepository } from './db/repositories/sign-in-repository.ts';
import { UserRepository } from './db/repositories/user-repository.ts';
import { WithdrawAddressRepository } from './db/repositories/withdraw-address-repository.ts';
import { formatTrimmed } from './domain/money.ts';
import { createSecurityEvents } from './domain/security/events.ts';
import { factorRows, resetSecondFactors } from './domain/security/operator.ts';
import { REVIEW_KINDS } from './domain/review-kinds.ts';
import {
  createReviews,
  ReviewDecisionError,
  type ReviewKindFactory,
  type ReviewRow,
  type Reviews,
} from './domain/reviews.ts';
import { loadDefaultSiteConfig, siteConfigFile, SiteConfigStore } from './domain/site-config.ts';
import { isWithdrawNetwork, WITHDRAW_NETWORKS } from '../../common/withdraw-address.ts';

/** Where the operator command writes; the console by default, a collector in tests. */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** What the commands decide with; the defaults are the server's own. */
export interface AdminOptions {
  /** The clock a decision is stamped with (default Date.now). */
  now?: () => number;
  /** The review kinds (default REVIEW_KINDS, exactly as the server builds them); tests bring their own. */
  reviewKinds?: readonly ReviewKindFactory[];
}

const USAGE = [
  'usage: npm run admin -- <command> [options]   (works on DATA_DIR, default ./data)',
  '  notice:add --title T --content HTML [--img URL] [--user USERNAME]   add a notice (broadcast without --user)',
  '  user:list                                                           list accounts',
  '  config:show                                                         print the site config getSetting answers',
  '  mail:list [--to EMAIL] [--limit N]                                  the local mail outbox, newest first (default 20), with the codes',
  '  review:list [--kind K] [--all] [--limit N]                          pending reviews, oldest first (--all: every review, newest first; default 50)',
  '  review:approve ID                                                   approve a pending review (its hold is taken)',
  '  review:reject ID --reason TEXT                                      reject a pending review (its hold is given back); the user sees the reason',
  '  security:show --user NAME                                           second factors, live sessions and the last 20 sign-ins of a user',
  '  security:reset --user NAME --operator NAME --reason TEXT            remove every second factor of a user (audited; the user is told)',
  `  coin:network [--coin NAME --network ${WITHDRAW_NETWORKS.join('|')}|none]         list the coins' withdraw networks, or set one (none: not withdrawable)`,
].join('\n');

function noticeAdd(args: string[], config: ServerConfig, io: AdminIo): number {
  const { values } = parseArgs({
    args,
    options: {
      title: { type: 'string' },
      content: { type: 'string' },
      img: { type: 'string' },
      user: { type: 'string' },
    },
  });
  if (!values.title?.trim() || !values.content?.trim()) {
    io.err('notice:add needs --title and --content');
    return 1;
  }
  const db = openDatabase(config.dataDir);
  try {
    let userId: number | null = null;
    if (values.user !== undefined) {
      const user = new UserRepository(db).findByUsername(values.user);
      if (!user) {
        io.err(`no user named "${values.user}"`);
        return 1;
      }
      userId = user.id;
    }
    const id = new NoticeRepository(db).add({
      title: values.title.trim(),
      content: values.content,
      imgs: values.img ?? '',
      userId,
      createdAt: Date.now(),
    });
    io.out(`notice ${id} added ${userId === null ? 'for everyone' : `for ${values.user}`}`);
    return 0;
  } finally {
    db.close();
  }
}

function userList(config: ServerConfig, io: AdminIo): number {
  const db = openDatabase(config.dataDir);
  try {
    const users = new UserRepository(db).list();
    io.out(['id', 'username', 'email', 'phone', 'vip', 'credit', 'rzstatus', 'have_pay', 'created'].join('\t'));
    for (const u of users) {
      const created = new Date(u.created_at).toISOString();
      io.out(
        [
          u.id,
          u.username,
          u.email ?? '-',
          u.phone ?? '-',
          u.vip,
          u.credit_score,
          u.rzstatus,
          u.pay_password_hash ? 1 : 0,
          created,
        ].join('\t'),
      );
    }
    io.out(`${users.length} user(s)`);
    return 0;
  } finally {
    db.close();
  }
}

/** How many outbox messages mail:list prints without --limit. */
export const MAIL_LIST_DEFAULT_LIMIT = 20;

function mailList(args: string[], config: ServerConfig, io: AdminIo): number {
  const { values } = parseArgs({ args, options: { to: { type: 'string' }, limit: { type: 'string' } } });
  const limit = values.limit === undefined ? MAIL_LIST_DEFAULT_LIMIT : Number(values.limit);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    io.err(`--limit must be a whole number from 1, got "${values.limit}"`);
    return 1;
  }
  // Addresses are stored trimmed and lower-cased by api/Ems/send.
  const to = values.to?.trim().toLowerCase() || null;
  const db = openDatabase(config.dataDir);
  try {
    const messages = new MailRepository(db).messages(to, limit);
    if (messages.length === 0) {
      io.out(to ? `no mail queued for ${to}` : 'the outbox is empty');
      return 0;
    }
    io.out(['created', 'to', 'code', 'subject'].join('\t'));
    for (const m of messages) io.out([new Date(m.created_at).toISOString(), m.to, m.code ?? '-', m.subject].join('\t'));
    io.out(`${messages.length} message(s), newest first`);
    return 0;
  } finally {
    db.close();
  }
}

function configShow(config: ServerConfig, io: AdminIo): number {
  const file = siteConfigFile(config.dataDir);
  const defaults = loadDefaultSiteConfig();
  if (!existsSync(file)) io.err(`${file} does not exist yet (created on the first server start); showing the defaults`);
  const site = existsSync(file)
    ? new SiteConfigStore(file, defaults, { error: (message) => io.err(message) }).get()
    : defaults;
  io.out(JSON.stringify({ ...site, ip_lookup_url: config.ipLookupUrl }, null, 2));
  return 0;
}

/** How many reviews review:list prints without --limit. */
export const REVIEW_LIST_DEFAULT_LIMIT = 50;

function withReviews<T>(config: ServerConfig, options: AdminOptions, work: (reviews: Reviews) => T): T {
  const db = openDatabase(config.dataDir);
  try {
    return work(createReviews(db, options.now ?? Date.now, options.reviewKinds ?? REVIEW_KINDS));
  } finally {
    db.close();
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Free text (a summary, a reason) as one tab-separated cell. */
const cell = (text: string): string => text.replace(/[\t\r\n]+/g, ' ') || '-';

function holdText(review: ReviewRow): string {
  return review.hold
    ? `${formatTrimmed(review.hold.amount)} ${review.hold_coin ?? `coin ${review.hold.coinId}`} (account ${review.hold.accountType})`
    : '-';
}

function reviewList(args: string[], config: ServerConfig, io: AdminIo, options: AdminOptions): number {
  const { values } = parseArgs({
    args,
    options: { kind: { type: 'string' }, all: { type: 'boolean' }, limit: { type: 'string' } },
  });
  const limit = values.limit === undefined ? REVIEW_LIST_DEFAULT_LIMIT : Number(values.limit);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    io.err(`--limit must be a whole number from 1, got "${values.limit}"`);
    return 1;
  }
  const kind = values.kind?.trim() || undefined;
  const pendingOnly = !values.all;
  return withReviews(config, options, (reviews) => {
    if (kind !== undefined && !reviews.kindNames().includes(kind))
      io.err(`note: no review kind "${kind}" is registered (known: ${reviews.kindNames().join(', ') || 'none'})`);
    const { rows, total } = reviews.list({ kind, pendingOnly, limit });
    const what = (count: number): string =>
      `${pendingOnly ? 'pending ' : ''}review${count === 1 ? '' : 's'}${kind ? ` of kind ${kind}` : ''}`;
    if (total === 0) {
      io.out(`no ${what(0)}`);
      return 0;
    }
    io.out(['id', 'kind', 'user', 'ref', 'hold', 'status', 'created', 'decided', 'summary', 'reason'].join('\t'));
    for (const r of rows) {
      const decided = r.decided_at === null ? '-' : `${r.decided_by} ${iso(r.decided_at)}`;
      io.out(
        [
          r.id,
          r.kind,
          r.username,
          r.ref_id,
          holdText(r),
          r.status,
          iso(r.created_at),
          decided,
          cell(r.summary),
          cell(r.reason),
        ].join('\t'),
      );
    }
    const order = pendingOnly ? 'oldest' : 'newest';
    io.out(
      `${total} ${what(total)}, ${order} first${rows.length < total ? ` (the ${order} ${rows.length} shown)` : ''}`,
    );
    return 0;
  });
}

/** The review id of `review:approve ID` / `review:reject ID`, or null after saying what is wrong. */
function reviewId(command: string, positionals: string[], io: AdminIo): number | null {
  const [text, ...extra] = positionals;
  const id = Number(text);
  if (text === undefined || extra.length > 0 || !/^\d+$/.test(text) || !Number.isSafeInteger(id) || id < 1) {
    io.err(
      `${command} needs one review id (a whole number from 1), got ${positionals.length ? `"${positionals.join(' ')}"` : 'none'}`,
    );
    return null;
  }
  return id;
}

function reviewDecide(
  command: 'review:approve' | 'review:reject',
  args: string[],
  config: ServerConfig,
  io: AdminIo,
  options: AdminOptions,
): number {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { reason: { type: 'string' } } });
  const id = reviewId(command, positionals, io);
  if (id === null) return 1;
  const reason = values.reason?.trim() ?? '';
  if (command === 'review:reject' && !reason) {
    io.err('review:reject needs --reason TEXT (the user is shown it)');
    return 1;
  }
  if (command === 'review:approve' && values.reason !== undefined) {
    io.err('review:approve takes no --reason');
    return 1;
  }
  return withReviews(config, options, (reviews) => {
    try {
      const review = command === 'review:approve' ? reviews.approve(id) : reviews.reject(id, reason);
      const what = `review ${review.id} ${review.status} (${review.kind} #${review.ref_id} of ${review.username})`;
      if (!review.hold) io.out(`${what}; it held nothing${review.reason ? `; reason: ${review.reason}` : ''}`);
      else if (review.status === 'approved') io.out(`${what}: the hold of ${holdText(review)} was taken`);
      else io.out(`${what}: the hold of ${holdText(review)} was given back; reason: ${review.reason}`);
      return 0;
    } catch (error) {
      if (!(error instanceof ReviewDecisionError)) throw error;
      io.err(error.message);
      return 1;
    }
  });
}

/** `coin:network`: the coins' withdraw networks, or with --coin and --network, sets one (README "Withdrawal addresses"). */
function coinNetwork(args: string[], config: ServerConfig, io: AdminIo): number {
  const { values } = parseArgs({ args, options: { coin: { type: 'string' }, network: { type: 'string' } } });
  if ((values.coin === undefined) !== (values.network === undefined)) {
    io.err('coin:network sets with both --coin NAME and --network, or lists with neither');
    return 1;
  }
  const network = values.network === 'none' ? null : values.network;
  if (network !== undefined && network !== null && !isWithdrawNetwork(network)) {
    io.err(`--network must be one of ${WITHDRAW_NETWORKS.join(', ')} or none, got "${network}"`);
    return 1;
  }
  const db = openDatabase(config.dataDir);
  try {
    if (values.coin !== undefined && network !== undefined) {
      if (!new WithdrawAddressRepository(db).setNetwork(values.coin.trim().toLowerCase(), network)) {
        io.err(`no coin named "${values.coin}"`);
        return 1;
      }
      io.out(
        network
          ? `${values.coin} is withdrawn on ${network}`
          : `${values.coin} can no longer be withdrawn to an address (bound addresses are kept)`,
      );
      return 0;
    }
    const coins = db.prepare('SELECT name, title, withdraw_network FROM coins ORDER BY sort, id').all() as {
      name: string;
      title: string;
      withdraw_network: string | null;
    }[];
    io.out(['coin', 'title', 'network'].join('\t'));
    for (const coin of coins) io.out([coin.name, coin.title, coin.withdraw_network ?? '-'].join('\t'));
    return 0;
  } finally {
    db.close();
  }
}

/** How many sign-ins security:show prints. */
export const SECURITY_SHOW_SIGN_INS = 20;

/** A factor row as one line: its columns but secrets and keys (anything that names one). */
function factorLine(table: string, row: Record<string, unknown>): string {
  const shown = Object.entries(row).filter(
    ([column]) => !/secret|key|hash|public|counter|transports|step/i.test(column),
  );
  return `${table}\t${shown.map(([column, value]) => `${column}=${typeof value === 'number' && /_at$/.test(column) ? iso(value) : String(value)}`).join(' ')}`;
}

/** `security:show --user NAME`: what protects the account (docs/account-protection.md#operator-commands). */
function securityShow(args: string[], config: ServerConfig, io: AdminIo, options: AdminOptions): number {
  const { values } = parseArgs({ args, options: { user: { type: 'string' } } });
  if (!values.user?.trim()) {
    io.err('security:show needs --user NAME');
    return 1;
  }
  const db = openDatabase(config.dataDir);
  try {
    const user = new UserRepository(db).findByUsername(values.user.trim());
    if (!user) {
      io.err(`no user named "${values.user}"`);
      return 1;
    }
    const now = (options.now ?? Date.now)();
    io.out(`user ${user.id} ${user.username}; anti-phishing code ${user.anti_phishing_code ? 'set' : 'not set'}`);
    const factors = factorRows(db, user.id);
    for (const { table, rows } of factors) {
      io.out(`${table}: ${rows.length}`);
      for (const row of rows) io.out(factorLine(table, row));
    }
    const sessions = new SessionRepository(db).listActive(user.id, now);
    io.out(`live sessions: ${sessions.length}`);
    for (const s of sessions)
      io.out(
        [
          'session',
          s.id,
          cell(s.device),
          s.ip || '-',
          iso(s.created_at),
          s.last_active_at ? iso(s.last_active_at) : '-',
        ].join('\t'),
      );
    const signIns = new SignInRepository(db).page(user.id, 1, SECURITY_SHOW_SIGN_INS);
    io.out(`sign-ins: ${signIns.rows.length} of ${signIns.total}, newest first`);
    for (const r of signIns.rows) io.out(['sign-in', iso(r.at), r.reason, r.ip || '-', cell(r.device)].join('\t'));
    return 0;
  } finally {
    db.close();
  }
}

/** `security:reset --user NAME --operator NAME --reason TEXT`: removes every second factor, audited. */
function securityReset(args: string[], config: ServerConfig, io: AdminIo, options: AdminOptions): number {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, operator: { type: 'string' }, reason: { type: 'string' } },
  });
  const username = values.user?.trim();
  const operator = values.operator?.trim();
  const reason = values.reason?.trim();
  if (!username || !operator || !reason) {
    io.err('security:reset needs --user NAME, --operator NAME and --reason TEXT (all are recorded)');
    return 1;
  }
  const db = openDatabase(config.dataDir);
  try {
    const users = new UserRepository(db);
    const user = users.findByUsername(username);
    if (!user) {
      io.err(`no user named "${username}"`);
      return 1;
    }
    const now = options.now ?? Date.now;
    const securityEvents = createSecurityEvents({
      db,
      config,
      users,
      notices: new NoticeRepository(db),
      mail: new MailRepository(db),
      now,
    });
    const removed = resetSecondFactors({ db, securityEvents, now }, { userId: user.id, operator, reason });
    const counts = Object.entries(removed).map(([table, count]) => `${count} from ${table}`);
    io.out(
      `second factors of ${user.username} reset by ${operator}: ${counts.join(', ')}; audited and the user notified`,
    );
    return 0;
  } finally {
    db.close();
  }
}

/** Runs one operator command; returns the process exit code (0 done, 1 refused or failed). */
export function runAdmin(argv: string[], config: ServerConfig, io: AdminIo, options: AdminOptions = {}): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'notice:add':
        return noticeAdd(rest, config, io);
      case 'user:list':
        return userList(config, io);
      case 'config:show':
        return configShow(config, io);
      case 'mail:list':
        return mailList(rest, config, io);
      case 'review:list':
        return reviewList(rest, config, io, options);
      case 'review:approve':
      case 'review:reject':
        return reviewDecide(command, rest, config, io, options);
      case 'coin:network':
        return coinNetwork(rest, config, io);
      case 'security:show':
        return securityShow(rest, config, io, options);
      case 'security:reset':
        return securityReset(rest, config, io, options);
      default:
        io.err(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
        return command ? 1 : 0;
    }
  } catch (error) {
    io.err((error as Error).message);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = runAdmin(process.argv.slice(2), loadConfig(), { out: console.log, err: console.error });
}
