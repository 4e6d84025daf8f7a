import { mkdtempSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadDefaultSiteConfig,
  normalizeSiteConfig,
  openSiteConfig,
  SWITCH_KEYS,
  type SiteConfig,
} from '../site-config.ts';

describe('site config', () => {
  let dir: string;
  let errors: string[];
  const log = { error: (message: string) => errors.push(message) };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'site-config-'));
    errors = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes the file and sets its mtime `seconds` ahead, as a later save would. */
  const write = (text: string, seconds: number): void => {
    const file = join(dir, 'site-config.json');
    writeFileSync(file, text);
    const when = new Date(Date.now() + seconds * 1000);
    utimesSync(file, when, when);
  };

  it('the shipped defaults carry every switch and the spec defaults', () => {
    const defaults = loadDefaultSiteConfig();
    for (const key of SWITCH_KEYS) expect([0, 1], key).toContain(defaults[key]);
    expect(defaults).toMatchObject({
      name: 'TradeDesk',
      theme_switch: 1,
      quantize_switch: 0,
      verify_email_code: 1,
      custom_service: 'https://support.example.com/chat',
    });
    expect(defaults.popup).toEqual({ title: '', img: '', content: '' });
  });

  it('the idle time-out is whole minutes from 0 (off) to a day, 30 by default; anything else is the default', () => {
    const defaults = loadDefaultSiteConfig();
    expect(defaults.idle_timeout_minutes).toBe(30);
    const idle = (value: unknown) =>
      normalizeSiteConfig({ idle_timeout_minutes: value }, defaults).idle_timeout_minutes;
    expect(idle(0)).toBe(0);
    expect(idle(5)).toBe(5);
    expect(idle('15')).toBe(15);
    expect(idle(1440)).toBe(1440);
    for (const bad of [-1, 1441, 2.5, 'soon', null]) expect(idle(bad), String(bad)).toBe(30);
    expect(normalizeSiteConfig({}, defaults).idle_timeout_minutes).toBe(30);
  });

  it('the price confirmation distance is a percent from 0 (off) to 100, 5 by default; anything else is the default', () => {
    const defaults = loadDefaultSiteConfig();
    expect(defaults.price_confirm_percent).toBe(5);
    const percent = (value: unknown) =>
      normalizeSiteConfig({ price_confirm_percent: value }, defaults).price_confirm_percent;
    expect(percent(0)).toBe(0);
    expect(percent(2.5)).toBe(2.5);
    expect(percent('10')).toBe(10);
    expect(percent(100)).toBe(100);
    for (const bad of [-1, 100.01, 'far', '', null, true]) expect(percent(bad), String(bad)).toBe(5);
    expect(normalizeSiteConfig({}, defaults).price_confirm_percent).toBe(5);
  });

  it('first start copies the defaults into the data dir, plus first-start values', () => {
    const store = openSiteConfig(dir, log, { popup: { title: 'Hello', img: '', content: '<p>x</p>' } });
    const onDisk = JSON.parse(readFileSync(join(dir, 'site-config.json'), 'utf8')) as SiteConfig;
    expect(onDisk.popup.title).toBe('Hello');
    expect(store.get()).toEqual({
      ...loadDefaultSiteConfig(),
      popup: { title: 'Hello', img: '', content: '<p>x</p>' },
    });
    expect(errors).toEqual([]);
  });

  it('an existing file is kept as the operator left it', () => {
    write(JSON.stringify({ name: 'Mine' }), 0);
    expect(openSiteConfig(dir, log, { popup: { title: 'ignored', img: '', content: '' } }).get().name).toBe('Mine');
    expect(JSON.parse(readFileSync(join(dir, 'site-config.json'), 'utf8'))).toEqual({ name: 'Mine' });
  });

  it('re-reads the file when it changes, keeps the last good one on invalid JSON, and logs', () => {
    const store = openSiteConfig(dir, log);
    write(JSON.stringify({ ...store.get(), name: 'Second' }), 2);
    expect(store.get().name).toBe('Second');
    write('{ "name": "Broken", ', 4);
    expect(store.get().name).toBe('Second');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('invalid');
    expect(store.get().name).toBe('Second');
    expect(errors).toHaveLength(1);
    write('[1, 2]', 6);
    expect(store.get().name).toBe('Second');
    expect(errors).toHaveLength(2);
    write(JSON.stringify({ name: 'Fixed' }), 8);
    expect(store.get().name).toBe('Fixed');
  });

  it('keeps the last good config when the file disappears', () => {
    const store = openSiteConfig(dir, log);
    write(JSON.stringify({ name: 'Kept' }), 2);
    expect(store.get().name).toBe('Kept');
    unlinkSync(join(dir, 'site-config.json'));
    expect(store.get().name).toBe('Kept');
    expect(errors).toHaveLength(1);
  });

  it('normalizes: missing keys take defaults, switches become 0/1, unknown keys are dropped', () => {
    const defaults = loadDefaultSiteConfig();
    const config = normalizeSiteConfig(
      {
        loan_switch: '0',
        bank_switch: true,
        option_switch: 'yes',
        recharge_subover_refre: '2',
        name: 7,
        extra: 'x',
        popup: { title: 'T' },
      },
      defaults,
    );
    expect(config.loan_switch).toBe(0);
    expect(config.bank_switch).toBe(1);
    expect(config.option_switch).toBe(0);
    expect(config.recharge_subover_refre).toBe(2);
    expect(config.name).toBe('7');
    expect(config.theme_switch).toBe(defaults.theme_switch);
    expect(config.popup).toEqual({ title: 'T', img: '', content: '' });
    expect('extra' in config).toBe(false);
    expect(Object.keys(config).sort()).toEqual(Object.keys(defaults).sort());
  });
});
