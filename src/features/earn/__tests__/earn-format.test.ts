import { describe, expect, it } from 'vitest';
import { earnFormat } from '../hooks/use-earn-format.ts';

describe('earn formats', () => {
  it('shows a percent exactly, with the language\'s sign and its place, in Latin digits', () => {
    expect(earnFormat('en').percent('0.3333')).toBe('0.3333%');
    expect(earnFormat('en').percent('0.00000001')).toBe('0.00000001%');
    expect(earnFormat('zh-cn').percent('8.5')).toBe('8.5%');
    expect(earnFormat('ar').percent('0.5')).toMatch(/^0\.5\D*%\D*$/);
    expect(earnFormat('en').percent('x')).toBe('--');
  });

  it('names days in each language, without building plurals in translations', () => {
    expect(earnFormat('en').days(1)).toBe('1 day');
    expect(earnFormat('en').days(30)).toBe('30 days');
    expect(earnFormat('zh-cn').days(7)).toBe('7天');
    expect(earnFormat('ar').days(7)).toMatch(/^7 /);
  });

  it("writes times on the app's 24-hour clock, as its other lists do", () => {
    const afternoon = new Date(2026, 10, 27, 14, 41, 8).getTime();
    // A 12-hour English clock would read 2:41 PM.
    expect(earnFormat('en').dateTime(afternoon)).toContain('14:41');
    expect(earnFormat('en').dateTime(afternoon)).not.toMatch(/PM/);
  });

  it('makes the formats of a language once', () => {
    expect(earnFormat('en')).toBe(earnFormat('en'));
    expect(earnFormat('ar')).not.toBe(earnFormat('en'));
  });
});
