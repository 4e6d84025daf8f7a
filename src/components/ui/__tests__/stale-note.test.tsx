import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatsFor } from '../../../lib/format.ts';
import { recallValue } from '../../../lib/last-known.ts';
import { session } from '../../../lib/session.ts';
import { StaleNote } from '../StaleNote.tsx';

/** A pair list this device kept, live at `at` (last-known.ts). */
function keptList(at: number): unknown {
  window.localStorage.setItem('last_known:markets', JSON.stringify({ at, value: [{ symbol: 'btcusdt' }] }));
  return recallValue('markets');
}

afterEach(() => {
  session.lang = 'en';
});

describe('StaleNote', () => {
  it('says when the prices were live on the 24-hour clock, to the second, in Latin digits', () => {
    const afternoon = new Date(2026, 10, 27, 14, 41, 8).getTime();
    const { rerender } = render(<StaleNote value={keptList(afternoon)} />);
    // A 12-hour English clock would read 2:41 PM.
    expect(screen.getByTestId('stale-note').textContent).toContain('14:41:08');
    expect(screen.getByTestId('stale-note').textContent).not.toMatch(/PM/);
    act(() => {
      session.lang = 'fa';
    });
    rerender(<StaleNote value={keptList(afternoon)} />);
    // Persian's own digits would read ۱۴:۴۱.
    expect(screen.getByTestId('stale-note').textContent).toContain('14:41:08');
  });

  it('writes the date year first in every language', () => {
    const at = new Date(2026, 10, 27, 14, 41, 8).getTime();
    for (const lang of ['en', 'vi', 'de', 'ar', 'zh-cn']) {
      session.lang = lang;
      const { unmount } = render(<StaleNote value={keptList(at)} />);
      // Not 11/27/2026 in English, 27/11/2026 in Vietnamese nor 27.11.2026 in German.
      expect(screen.getByTestId('stale-note').textContent, lang).toContain('2026-11-27 14:41:08');
      unmount();
    }
  });

  it('keeps the date whole, left to right, inside a right-to-left sentence', () => {
    const at = new Date(2026, 10, 27, 14, 41, 8).getTime();
    session.lang = 'ar';
    render(<StaleNote value={keptList(at)} />);
    expect(screen.getByTestId('stale-note').textContent).toContain(`\u2066${formatsFor('ar').dateTime(at)}\u2069`);
  });

  it('says nothing for a live list', () => {
    render(<StaleNote value={[{ symbol: 'btcusdt' }]} />);
    expect(screen.queryByTestId('stale-note')).toBeNull();
  });
});
