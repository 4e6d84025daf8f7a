import type { Db } from './database.ts';
import { ContentRepository } from './repositories/content-repository.ts';
import { NoticeRepository } from './repositories/notice-repository.ts';
import { UserRepository } from './repositories/user-repository.ts';
import { seedEarnDemo } from './seed-earn.ts';
import { seedProfileDemo } from './seed-profile.ts';
import { seedTradingDemo } from './seed-trading.ts';
import { hashSecret } from '../domain/passwords.ts';
import type { SiteConfig } from '../domain/site-config.ts';

/** The demo login printed at start-up (6-20 letters or digits, docs/product-rules.md#log-in-and-sessions). */
export const DEMO_ACCOUNT = { username: 'demo', password: 'demo1234' } as const;

/** The demo account's fixed invite code, so the invite screen has a stable value to show. */
export const DEMO_INVITE_CODE = 'DEMO88';

/**
 * The seeded notice content sets this global from a `<script>` and from an `onerror` attribute;
 * if it ever becomes defined in a browser, notice HTML was rendered unsanitized.
 */
export const XSS_MARKER = '__noticeXss';

const HOUR = 3_600_000;

/** An inline SVG as a data: URL, so the demo ships no image files. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const banner = (from: string, to: string, title: string, line: string): string =>
  svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="750" height="300" fill="url(#g)"/>` +
      `<text x="48" y="140" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff">${title}</text>` +
      `<text x="48" y="196" font-family="sans-serif" font-size="28" fill="#e6ebf5">${line}</text></svg>`,
  );

const logo = (letters: string, colour: string): string =>
  svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 48"><rect width="120" height="48" rx="8" fill="${colour}"/>` +
      `<text x="60" y="31" text-anchor="middle" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff">${letters}</text></svg>`,
  );

/** Site-config values written into a fresh `site-config.json` when the demo is seeded: the home popup. */
export const DEMO_SITE_CONFIG: Partial<SiteConfig> = {
  popup: {
    title: 'Welcome to TradeDesk',
    img: banner('#2f6bff', '#0b1426', 'Welcome', 'Spot, options and earn in one app'),
    content: '<p>This is a <strong>demo</strong> platform: all balances and prices are simulated.</p>',
  },
};

/**
 * Fills a fresh database with the demo user, banners, notices, about-us entries and partners.
 * Runs at most once per database (remembered in app_meta) and never on a database that already
 * has users. Returns whether it seeded.
 */
export async function seedDemo(db: Db, now: number = Date.now()): Promise<boolean> {
  const done = db.prepare("SELECT value FROM app_meta WHERE key = 'demo_seeded'").pluck().get();
  const hasUsers = db.prepare('SELECT EXISTS (SELECT 1 FROM users)').pluck().get() === 1;
  if (done !== undefined || hasUsers) return false;

  const password = await hashSecret(DEMO_ACCOUNT.password);
  const users = new UserRepository(db);
  const notices = new NoticeRepository(db);
  const content = new ContentRepository(db);

  db.transaction(() => {
    const demoId = users.create({
      username: DEMO_ACCOUNT.username,
      email: 'demo@example.com',
      phone: null,
      password,
      inviteCode: DEMO_INVITE_CODE,
      invitedBy: null,
      lang: 'en',
      registerIp: '127.0.0.1',
      createdAt: now - 72 * HOUR,
      vip: 1,
      creditScore: 100,
    });
    seedTradingDemo(db, demoId, now);
    seedProfileDemo(db, demoId, now);
    seedEarnDemo(db);

    content.addBanner(banner('#2f6bff', '#0b1426', 'Trade spot &amp; options', 'Live markets, simulated money'), 1);
    content.addBanner(banner('#48b451', '#131f38', 'Fast deposits', 'TRC20, ERC20 and bank wire'), 2);
    content.addBanner(banner('#db000c', '#0b1426', 'Invite friends', 'Share your code from the member panel'), 3);

    notices.add({
      userId: null,
      title: 'Welcome to TradeDesk',
      content: '<p>Thank you for joining. Spot trading, second contracts and earn products are open.</p>',
      createdAt: now - 48 * HOUR,
    });
    notices.add({
      userId: null,
      title: 'Scheduled maintenance',
      content:
        '<h3>Maintenance window</h3><p>Deposits pause on Sunday 02:00-03:00 UTC.</p>' +
        '<ul><li>Trading stays open</li><li>Withdrawals are queued</li></ul>',
      imgs: banner('#22304d', '#0b1426', 'Maintenance', 'Sunday 02:00-03:00 UTC'),
      createdAt: now - 24 * HOUR,
    });
    notices.add({
      userId: demoId,
      title: 'Security reminder',
      // Hostile markup on purpose: the client must sanitize notice HTML (see XSS_MARKER).
      content:
        '<p>Never share your password or verification codes. Staff will <b>never</b> ask for them.</p>' +
        `<script>window.${XSS_MARKER} = 'script'</script>` +
        `<img src="x" alt="" onerror="window.${XSS_MARKER} = 'onerror'">`,
      createdAt: now - 1 * HOUR,
    });

    content.addContentEntry(
      {
        title: 'About TradeDesk',
        img: banner('#2f6bff', '#131f38', 'TradeDesk', 'Since 2024'),
        content: '<p>TradeDesk is a demo trading platform for spot pairs, second contracts and earn products.</p>',
      },
      1,
    );
    content.addContentEntry(
      {
        title: 'Risk disclosure',
        img: '',
        content:
          '<p>Crypto assets are volatile. Second contracts can lose the whole stake. Trade only what you can afford to lose.</p>',
      },
      2,
    );
    content.addContentEntry(
      {
        title: 'Privacy policy',
        img: '',
        content:
          '<p>We store your account name, contact address and activity to run the service. We never sell them.</p>',
      },
      3,
    );

    content.addPartner(
      { title: 'Northwind Custody', url: 'https://example.com/northwind', img: logo('NW', '#2f6bff') },
      1,
    );
    content.addPartner(
      { title: 'Blue Harbor Pay', url: 'https://example.com/blue-harbor', img: logo('BH', '#48b451') },
      2,
    );
    content.addPartner({ title: 'Atlas Ledger', url: 'https://example.com/atlas', img: logo('AL', '#db000c') }, 3);
    content.addPartner({ title: 'Kite Analytics', url: 'https://example.com/kite', img: logo('KA', '#8a94a6') }, 4);

    db.prepare("INSERT INTO app_meta (key, value) VALUES ('demo_seeded', ?)").run(String(now));
  })();
  return true;
}
