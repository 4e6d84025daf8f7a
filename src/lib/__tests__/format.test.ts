import { describe, expect, it } from 'vitest';
import { COMPACT_FROM, formatsFor } from '../format.ts';

const pad = (n: number) => String(n).padStart(2, '0');

describe('Intl formatters of the app language', () => {
  it('shows times on a 24-hour clock in every language, whatever the browser', () => {
    // 14:41:08 local time: an English 12-hour clock would read 2:41:08 PM.
    const afternoon = new Date(2024, 4, 1, 14, 41, 8).getTime();
    for (const lang of ['en', 'zh-cn', 'ar', 'de', 'hi']) {
      const text = formatsFor(lang).time(afternoon);
      expect(text.replace(/[\u200e\u200f\u061c]/g, '')).toBe('14:41:08');
    }
  });

  it('keeps Latin digits and the 24-hour clock in times to the minute and to the millisecond', () => {
    const at = new Date(2026, 0, 5, 13, 59, 7, 45).getTime();
    for (const lang of ['en', 'fa', 'bn', 'ar']) {
      const clean = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '');
      expect(clean(formatsFor(lang).minute(at))).toBe('13:59');
      const precise = clean(formatsFor(lang).preciseDateTime(at));
      expect(precise).toContain('13:59:07');
      expect(precise).toMatch(/07[.,٫]045/);
      // Persian dates are in its own calendar (1404/10/15), as everywhere in the app.
      expect(precise).toMatch(/^\d{4}\/\d{2}\/\d{2}|\d{2}\/\d{2}\/\d{4}/);
    }
  });

  it('orders a date by the app language, not by the browser', () => {
    const at = new Date(2024, 4, 31, 9, 5, 0).getTime();
    const en = formatsFor('en').dateTime(at);
    const zh = formatsFor('zh-cn').dateTime(at);
    const de = formatsFor('de').dateTime(at);
    expect(en).toMatch(/05\/31\/2024/);
    expect(zh).toMatch(/2024\/05\/31/);
    expect(de).toMatch(/31\.05\.2024/);
    for (const text of [en, zh, de]) expect(text).toContain('09:05:00');
  });

  it('leaves no right-to-left marks in an Arabic date, which is shown isolated left to right', () => {
    // Intl's Arabic date is 28\u200f/11\u200f/2026: inside <bdi dir="ltr"> those marks pull the
    // day after the time ("2815:57:32 ،2026/11/").
    const at = new Date(2026, 10, 28, 15, 57, 32, 45).getTime();
    const ar = formatsFor('ar');
    for (const text of [ar.dateTime(at), ar.preciseDateTime(at), ar.serverTime('2026-11-28 15:57:32'), ar.time(at), ar.minute(at)]) {
      expect(text).not.toMatch(/[\u200f\u061c]/);
    }
    expect(ar.dateTime(at)).toBe('28/11/2026، 15:57:32');
  });

  it('reads our server times as UTC and shows them in local time', () => {
    const text = formatsFor('en').serverTime('2024-05-01 02:41:08');
    const local = new Date(Date.UTC(2024, 4, 1, 2, 41, 8));
    expect(text).toContain(`${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`);
    expect(text).toContain(String(local.getFullYear()));
    expect(formatsFor('en').serverTime('yesterday')).toBe('yesterday');
    expect(formatsFor('en').serverTime('')).toBe('');
  });

  it('signs percentages before the number, in Latin digits, with the language separators', () => {
    expect(formatsFor('en').percent('+0.77')).toBe('+0.77%');
    expect(formatsFor('en').percent('-12.345')).toBe('-12.35%');
    expect(formatsFor('en').percent('0')).toBe('0.00%');
    expect(formatsFor('en').percent('-0.001')).toBe('0.00%');
    expect(formatsFor('de').percent('1.5')).toBe('+1,50\u00a0%');
    // Persian would use its own digits and a separator of its own by default.
    expect(formatsFor('fa').percent('0.77')).toMatch(/^\u200e?\+0\.77/);
    const ar = formatsFor('ar').percent('0.77').replace(/[\u200e\u200f\u061c]/g, '');
    expect(ar).toBe('+0.77%');
    expect(formatsFor('en').percent('abc')).toBe('--');
    expect(formatsFor('en').percent('25', 0, false)).toBe('25%');
    expect(formatsFor('de').percent('25', 0, false)).toBe('25\u00a0%');
  });

  it('rounds percentages exactly from the decimal text', () => {
    // 1.005 is 1.00499999… as a double; the decimal rounds half up to 1.01.
    expect(formatsFor('en').percent('1.005')).toBe('+1.01%');
  });

  it('writes large volumes compactly and small ones grouped, cut to the decimals asked for', () => {
    expect(formatsFor('en').volume('12345678.9')).toBe('12.34M');
    expect(formatsFor('en').volume(String(COMPACT_FROM))).toBe('100K');
    expect(formatsFor('zh-cn').volume('12345678.9')).toBe('1234.56万');
    expect(formatsFor('en').volume('99999.123456789', 8)).toBe('99,999.12345678');
    expect(formatsFor('en').volume('12.5')).toBe('12.5');
    expect(formatsFor('en').volume(null)).toBe('--');
  });

  it('shows a rate exactly as stated, every decimal kept, with the language\'s sign and its place, in Latin digits', () => {
    expect(formatsFor('en').rate('0.3333')).toBe('0.3333%');
    expect(formatsFor('en').rate('0.00000001')).toBe('0.00000001%');
    expect(formatsFor('en').rate('12')).toBe('12%');
    expect(formatsFor('zh-cn').rate('8.5')).toBe('8.5%');
    expect(formatsFor('ar').rate('0.5')).toMatch(/^0\.5\D*%\D*$/);
    expect(formatsFor('fa').rate('0.5')).not.toMatch(/[\u06f0-\u06f9]/);
    expect(formatsFor('en').rate('x')).toBe('--');
  });

  it('names days in each language, without plurals in the translations', () => {
    expect(formatsFor('en').days(1)).toBe('1 day');
    expect(formatsFor('en').days(30)).toBe('30 days');
    expect(formatsFor('zh-cn').days(7)).toBe('7天');
    expect(formatsFor('ar').days(7)).toMatch(/^7 /);
  });

  it('creates the formatters of a language once', () => {
    expect(formatsFor('en')).toBe(formatsFor('en'));
    expect(formatsFor('en')).not.toBe(formatsFor('zh-cn'));
  });
});
