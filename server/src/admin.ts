import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { MailRepository } from './db/repositories/mail-repository.ts';
import { NoticeRepository } from './db/repositories/notice-repository.ts';
import { UserRepository } from './db/repositories/user-repository.ts';
import { loadDefaultSiteConfig, siteConfigFile, SiteConfigStore } from './domain/site-config.ts';

/** Where the operator command writes; the console by default, a collector in tests. */
export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = [
  'usage: npm run admin -- <command> [options]   (works on DATA_DIR, default ./data)',
  '  notice:add --title T --content HTML [--img URL] [--user USERNAME]   add a notice (broadcast without --user)',
  '  user:list                                                           list accounts',
  '  config:show                                                         print the site config getSetting answers',
  '  mail:list [--to EMAIL] [--limit N]                                  the local mail outbox, newest first (default 20), with the codes',
].join('\n');

function noticeAdd(args: string[], config: ServerConfig, io: AdminIo): number {
  const { values } = parseArgs({
    args,
    options: { title: { type: 'string' }, content: { type: 'string' }, img: { type: 'string' }, user: { type: 'string' } },
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
    const id = new NoticeRepository(db).add({ title: values.title.trim(), content: values.content, imgs: values.img ?? '', userId, createdAt: Date.now() });
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
      io.out([u.id, u.username, u.email ?? '-', u.phone ?? '-', u.vip, u.credit_score, u.rzstatus, u.pay_password_hash ? 1 : 0, created].join('\t'));
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
  const site = existsSync(file) ? new SiteConfigStore(file, defaults, { error: (message) => io.err(message) }).get() : defaults;
  io.out(JSON.stringify({ ...site, ip_lookup_url: config.ipLookupUrl }, null, 2));
  return 0;
}

/** Runs one operator command; returns the process exit code. */
export function runAdmin(argv: string[], config: ServerConfig, io: AdminIo): number {
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
