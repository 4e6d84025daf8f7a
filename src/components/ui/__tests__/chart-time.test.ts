import { describe, expect, it } from 'vitest';
import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { chartTimeLabels, chartTimeShift } from '../chart-time.ts';

/** HTX's day bar of 27 Nov 2026 opens at 00:00 GMT+8, 16:00 UTC the day before. */
const DAY_BAR_27_NOV = Date.UTC(2026, 10, 26, 16) / 1000;
/** A one-minute bar at 06:05 UTC. */
const MINUTE_BAR = Date.UTC(2026, 10, 27, 6, 5) / 1000;
const GMT8 = -480;
const NEW_YORK_WINTER = 300;

const shifted = (period: Parameters<typeof chartTimeShift>[0], time: number, zone: number) =>
  (time + chartTimeShift(period, zone)) as UTCTimestamp;

describe('chart time labels', () => {
  it("labels a day bar with the exchange's date wherever the phone is", () => {
    for (const zone of [GMT8, 0, NEW_YORK_WINTER]) {
      const time = shifted('1day', DAY_BAR_27_NOV, zone);
      expect(chartTimeLabels('en', '1day').tickMark(time, TickMarkType.DayOfMonth)).toBe('27');
      expect(chartTimeLabels('en', '1day').crosshair(time)).toBe('2026-11-27');
    }
  });

  it("reads a shorter bar on the phone's 24-hour clock", () => {
    expect(chartTimeLabels('en', '1min').tickMark(shifted('1min', MINUTE_BAR, GMT8), TickMarkType.Time)).toBe('14:05');
    expect(
      chartTimeLabels('en', '1min').tickMark(shifted('1min', MINUTE_BAR, NEW_YORK_WINTER), TickMarkType.Time),
    ).toBe('01:05');
    expect(chartTimeLabels('en', '1min').crosshair(shifted('1min', MINUTE_BAR, GMT8))).toBe('2026-11-27 14:05');
    expect(
      chartTimeLabels('en', '1min').tickMark(
        shifted('1min', MINUTE_BAR + 7 * 3600 + 7, 0),
        TickMarkType.TimeWithSeconds,
      ),
    ).toBe('13:05:07');
  });

  it("writes months in the app's language, whatever the browser's, and the crosshair's date year first in every language", () => {
    const time = shifted('1day', DAY_BAR_27_NOV, 0);
    expect(chartTimeLabels('zh-cn', '1day').tickMark(time, TickMarkType.Month)).toBe('11月');
    // Not 27.11.2026 in German nor 27/11/2026 in Vietnamese (docs/numbers-and-dates.md).
    for (const lang of ['en', 'vi', 'de', 'ar', 'zh-cn']) {
      expect(chartTimeLabels(lang, '1day').crosshair(time), lang).toBe('2026-11-27');
      expect(chartTimeLabels(lang, '1min').crosshair(shifted('1min', MINUTE_BAR, 0)), lang).toBe('2026-11-27 06:05');
    }
    expect(chartTimeLabels('ko', '1day').tickMark(time, TickMarkType.Month)).toBe('11월');
    expect(chartTimeLabels('en', '1day').tickMark(time, TickMarkType.Year)).toBe('2026');
  });

  it('keeps Latin digits in right-to-left languages, with their own month names', () => {
    const time = shifted('1day', DAY_BAR_27_NOV, 0);
    const month = chartTimeLabels('ar', '1day').tickMark(time, TickMarkType.Month);
    expect(month).toMatch(/\p{Script=Arabic}/u);
    expect(month).not.toMatch(/Nov/);
    // The canvas lays text out left to right: a date of digits alone needs no isolating there.
    expect(chartTimeLabels('ar', '1day').crosshair(time)).toBe('2026-11-27');
    expect(chartTimeLabels('fa', '1min').tickMark(shifted('1min', MINUTE_BAR, 0), TickMarkType.Time)).toBe('06:05');
  });

  it('makes one set of formatters per language and kind of bar', () => {
    expect(chartTimeLabels('en', '1week')).toBe(chartTimeLabels('en', '1day'));
    expect(chartTimeLabels('en', '5min')).not.toBe(chartTimeLabels('en', '1day'));
    expect(chartTimeLabels('ar', '1day')).not.toBe(chartTimeLabels('en', '1day'));
  });
});
