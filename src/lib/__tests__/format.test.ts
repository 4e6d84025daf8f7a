import { describe, expect, it } from 'vitest';
import { COMPACT_FROM, formatsFor } from '../format.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The languages the rule is checked in: English, two with a decimal comma, a right-to-left one and Chinese. */
const LANGS = ['en', 'vi', 'de', 'ar', 'zh-cn'];

describe('one way to read numbers and dates in every language (docs/numbers-and-dates.md)', () => {
  it('writes the decimal mark as a point and groups with commas', () => {
    for (const lang of LANGS) {
      // Vietnamese and German would write 12.320,27.
      expect(formatsFor(lang).volume('12320.27'), lang).toBe('12,320.27');
      expect(formatsFor(lang).volume('0.12345678', 8), lang).toBe('0.12345678');
      expect(formatsFor(lang).volume('99999.123456789', 8), lang).toBe('99,999.12345678');
      // German would write 12,34 Mio., Chinese 1234.56万, Arabic 12.34 مليون.
      expect(formatsFor(lang).volume('12345678.9'), lang).toBe('12.34M');
      expect(formatsFor(lang).rate('0.3333'), lang).toBe('0.3333%');
    }
  });

  it('writes a percentage as +0.30%, sign first, no space', () => {
    for (const lang of LANGS) {
      // Vietnamese would write +0,30%, German +0,30 %, Arabic with direction marks around the sign.
      expect(formatsFor(lang).percent('0.3'), lang).toBe('+0.30%');
      expect(formatsFor(lang).percent('-12.345'), lang).toBe('-12.35%');
      expect(formatsFor(lang).percent('25', 0, false), lang).toBe('25%');
    }
  });

  it('writes dates year, month, day, then the 24-hour time', () => {
    // 5 December: 12/05/2026 in English, 05/12/2026 in Vietnamese, 05.12.2026 in German.
    const at = new Date(2026, 11, 5, 14, 3, 7, 45).getTime();
    for (const lang of LANGS) {
      expect(formatsFor(lang).dateTime(at), lang).toBe('2026-12-05 14:03:07');
      expect(formatsFor(lang).preciseDateTime(at), lang).toBe('2026-12-05 14:03:07.045');
      expect(formatsFor(lang).time(at), lang).toBe('14:03:07');
      expect(formatsFor(lang).minute(at), lang).toBe('14:03');
    }
  });

  it('reads a server time in every language the same way', () => {
    const local = new Date(Date.UTC(2026, 11, 5, 2, 3, 7));
    const expected = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    for (const lang of LANGS) expect(formatsFor(lang).serverTime('2026-12-05 02:03:07'), lang).toBe(expected);
  });

  it("keeps the language's words for days, without its grouping", () => {
    expect(formatsFor('de').days(7)).toBe('7 Tage');
    expect(formatsFor('vi').days(7)).toBe('7 ngày');
    // German would group a thousand days as 1.000.
    expect(formatsFor('de').days(1000)).toBe('1000 Tage');
  });
});

describe('formatters', () => {
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
      expect(formatsFor(lang).minute(at)).toBe('13:59');
      // Persian too: the Gregorian calendar, year first, as in every language.
      expect(formatsFor(lang).preciseDateTime(at)).toBe('2026-01-05 13:59:07.045');
    }
  });

  it('leaves no right-to-left marks in an Arabic date, which is shown isolated left to right', () => {
    // Intl's Arabic date is 28\u200f/11\u200f/2026: inside <bdi dir="ltr"> those marks pull the
    // day after the time ("2815:57:32 ،2026/11/").
    const at = new Date(2026, 10, 28, 15, 57, 32, 45).getTime();
    const ar = formatsFor('ar');
    for (const text of [
      ar.dateTime(at),
      ar.preciseDateTime(at),
      ar.serverTime('2026-11-28 15:57:32'),
      ar.time(at),
      ar.minute(at),
    ]) {
      expect(text).not.toMatch(/[\u200e\u200f\u061c]/);
    }
    expect(ar.dateTime(at)).toBe('2026-11-28 15:57:32');
  });

  it('reads our server times as UTC and shows them in local time', () => {
    const text = formatsFor('en').serverTime('2024-05-01 02:41:08');
    const local = new Date(Date.UTC(2024, 4, 1, 2, 41, 8));
    expect(text).toContain(`${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`);
    expect(text).toContain(String(local.getFullYear()));
    expect(formatsFor('en').serverTime('yesterday')).toBe('yesterday');
    expect(formatsFor('en').serverTime('')).toBe('');
  });

  it('signs percentages before the number, in Latin digits', () => {
    expect(formatsFor('en').percent('+0.77')).toBe('+0.77%');
    expect(formatsFor('en').percent('-12.345')).toBe('-12.35%');
    expect(formatsFor('en').percent('0')).toBe('0.00%');
    expect(formatsFor('en').percent('-0.001')).toBe('0.00%');
    // Persian would use its own digits and a separator of its own by default.
    expect(formatsFor('fa').percent('0.77')).toBe('+0.77%');
    expect(formatsFor('en').percent('abc')).toBe('--');
    expect(formatsFor('en').percent('25', 0, false)).toBe('25%');
  });

  it('rounds percentages exactly from the decimal text', () => {
    // 1.005 is 1.00499999… as a double; the decimal rounds half up to 1.01.
    expect(formatsFor('en').percent('1.005')).toBe('+1.01%');
  });

  it('writes large volumes compactly and small ones grouped, cut to the decimals asked for', () => {
    expect(formatsFor('en').volume('12345678.9')).toBe('12.34M');
    expect(formatsFor('en').volume(String(COMPACT_FROM))).toBe('100K');
    expect(formatsFor('en').volume('99999.123456789', 8)).toBe('99,999.12345678');
    expect(formatsFor('en').volume('12.5')).toBe('12.5');
    expect(formatsFor('en').volume(null)).toBe('--');
  });

  it('shows a rate exactly as stated, every decimal kept, in Latin digits', () => {
    expect(formatsFor('en').rate('0.3333')).toBe('0.3333%');
    expect(formatsFor('en').rate('0.00000001')).toBe('0.00000001%');
    expect(formatsFor('en').rate('12')).toBe('12%');
    expect(formatsFor('zh-cn').rate('8.5')).toBe('8.5%');
    expect(formatsFor('ar').rate('0.5')).toBe('0.5%');
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
