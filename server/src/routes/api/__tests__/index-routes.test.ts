import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../db/seed.ts';
import { SWITCH_KEYS, TEXT_KEYS } from '../../../domain/site-config.ts';
import { login, startTestApp, type TestApp } from '../../../__tests__/harness/index.ts';

interface Language {
  language_name: string;
  file_name: string;
  is_default: number;
}

const SPEC_CODES = 'ar bn cr de el en es fa fr hi id it ja ko la ms pt rm ru sv th tr ur vi zh-TW zh-cn'.split(' ');

/** Rewrites the operator file and moves its mtime forward, as a real later edit would. */
function editSiteConfig(
  t: TestApp,
  edit: (raw: Record<string, unknown>) => Record<string, unknown> | string,
  bumpSeconds: number,
): void {
  const file = join(t.dataDir, 'site-config.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const next = edit(raw);
  writeFileSync(file, typeof next === 'string' ? next : JSON.stringify(next));
  const when = new Date(Date.now() + bumpSeconds * 1000);
  utimesSync(file, when, when);
}

describe('api/index', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  it('getLangList answers the 26 languages of docs/product-rules.md#languages-and-themes, English the default', async () => {
    const answer = await t.get<{ list: Language[] }>('index/getLangList');
    expect(answer.code).toBe(1);
    const list = answer.data.list;
    expect(list.map((l) => l.file_name).sort()).toEqual([...SPEC_CODES].sort());
    expect(list.filter((l) => l.is_default === 1).map((l) => l.file_name)).toEqual(['en']);
    const name = (code: string) => list.find((l) => l.file_name === code)?.language_name;
    expect(name('en')).toBe('English');
    expect(name('zh-cn')).toBe('简体中文');
    expect(name('ar')).toBe('العربية');
    for (const entry of list) expect(entry.language_name.length).toBeGreaterThan(0);
  });

  it('setLang rejects an unknown language, acknowledges a known one, and saves it for a signed-in user', async () => {
    const bad = await t.get('index/setLang', { lang: 'xx' });
    expect(bad).toMatchObject({ code: 0, msg: 'Unsupported language: xx' });
    expect((await t.get('index/setLang')).code).toBe(0);

    const anonymous = await t.get<{ lang: string }>('index/setLang', { lang: 'ZH-CN' });
    expect(anonymous).toMatchObject({ code: 1, data: { lang: 'zh-cn' }, msg: '语言已切换' });

    const token = await login(t, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    expect((await t.get('index/setLang', { lang: 'de' }, { Token: token })).code).toBe(1);
    const stored = t.db.prepare('SELECT lang FROM users WHERE username = ?').pluck().get(DEMO_ACCOUNT.username);
    expect(stored).toBe('de');
  });

  it('getSetting answers every switch of docs/product-rules.md#site-configuration as 0/1, the text fields, the popup and ip_lookup_url', async () => {
    const answer = await t.get<Record<string, unknown>>('index/getSetting');
    expect(answer.code).toBe(1);
    const data = answer.data;
    for (const key of SWITCH_KEYS) expect([0, 1], key).toContain(data[key]);
    for (const key of TEXT_KEYS) expect(typeof data[key], key).toBe('string');
    expect(data).toMatchObject({
      name: 'TradeDesk',
      theme_switch: 1,
      unread_notice_switch: 1,
      email_register_switch: 1,
      phone_register_switch: 1,
      verify_email_code: 1,
      option_switch: 1,
      quantize_switch: 0,
      ip_lookup_url: '/api/index/ip',
    });
    expect(typeof data.recharge_subover_refre).toBe('number');
    expect(typeof data.withdrawal_subover_refre).toBe('number');
    expect(data.popup).toMatchObject({ title: 'Welcome to TradeDesk' });
  });

  it('getSetting picks up an operator edit of site-config.json', async () => {
    expect((await t.get<Record<string, unknown>>('index/getSetting')).data.price_confirm_percent).toBe(5);
    editSiteConfig(t, (raw) => ({ ...raw, name: 'Edited Desk', loan_switch: 0, price_confirm_percent: 2.5 }), 5);
    const answer = await t.get<Record<string, unknown>>('index/getSetting');
    expect(answer.data).toMatchObject({ name: 'Edited Desk', loan_switch: 0, price_confirm_percent: 2.5 });
  });

  it('getSetting keeps the last good config when the file becomes invalid JSON', async () => {
    editSiteConfig(t, (raw) => ({ ...raw, name: 'Good Edit' }), 5);
    expect((await t.get<Record<string, unknown>>('index/getSetting')).data.name).toBe('Good Edit');
    editSiteConfig(t, () => '{"name": "Half saved", ', 10);
    const answer = await t.get<Record<string, unknown>>('index/getSetting');
    expect(answer.code).toBe(1);
    expect(answer.data.name).toBe('Good Edit');
  });

  it('the site config takes IP_LOOKUP_URL from the environment', async () => {
    const other = await startTestApp({ IP_LOOKUP_URL: 'https://api.ipify.org?format=json' });
    try {
      expect((await other.get<Record<string, unknown>>('index/getSetting')).data.ip_lookup_url).toBe(
        'https://api.ipify.org?format=json',
      );
    } finally {
      await other.close();
    }
  });

  it('ip echoes the caller address in the envelope and as a top-level {ip} (ipify-compatible), not what X-Forwarded-For claims (TRUST_PROXY off: proxy-trust.test.ts)', async () => {
    const direct = await t.app.inject({ method: 'GET', url: '/api/index/ip', remoteAddress: '198.51.100.4' });
    expect(direct.json()).toEqual({ code: 1, msg: '', data: { ip: '198.51.100.4' }, ip: '198.51.100.4' });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/index/ip',
      remoteAddress: '198.51.100.4',
      headers: { 'x-forwarded-for': '192.0.2.9' },
    });
    expect(forged.json()).toMatchObject({ ip: '198.51.100.4' });
  });

  it('getBanner answers a data list of {img}', async () => {
    const answer = await t.post<{ img: string }[]>('index/getBanner');
    expect(answer.code).toBe(1);
    expect(answer.data.length).toBeGreaterThanOrEqual(3);
    for (const banner of answer.data) expect(banner.img).toMatch(/^data:image\/svg\+xml,/);
  });

  it('getContentList answers data.list of {title, img, content}', async () => {
    const answer = await t.post<{ list: { title: string; img: string; content: string }[] }>('index/getContentList');
    expect(answer.code).toBe(1);
    expect(answer.data.list.length).toBeGreaterThanOrEqual(1);
    expect(answer.data.list[0]).toMatchObject({ title: 'About TradeDesk' });
    for (const entry of answer.data.list) {
      expect(typeof entry.img).toBe('string');
      expect(entry.content).toMatch(/^<p>/);
    }
  });

  it('getFriendList answers data.list of {url, img, title}', async () => {
    const answer = await t.post<{ list: { url: string; img: string; title: string }[] }>('index/getFriendList');
    expect(answer.code).toBe(1);
    expect(answer.data.list.length).toBeGreaterThanOrEqual(1);
    for (const partner of answer.data.list) {
      expect(partner.url).toMatch(/^https:\/\//);
      expect(partner.img).toMatch(/^data:image\//);
      expect(partner.title.length).toBeGreaterThan(0);
    }
  });

  it('without the demo seed the lists are empty and the popup has no title', async () => {
    const bare = await startTestApp({ SEED_DEMO: '0' });
    try {
      expect((await bare.post<unknown[]>('index/getBanner')).data).toEqual([]);
      expect((await bare.post<{ list: unknown[] }>('index/getFriendList')).data.list).toEqual([]);
      expect((await bare.get<{ popup: { title: string } }>('index/getSetting')).data.popup.title).toBe('');
      expect(
        (await bare.post('Login/login', { username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password })).code,
      ).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
