import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatsFor } from '../../../lib/format.ts';
import { session } from '../../../lib/session.ts';
import { BillRow } from '../components/RecordRows.tsx';

afterEach(() => {
  session.lang = 'en';
});

describe('wallet record times', () => {
  it("show the record's UTC server time in the device's zone and the app's language, like every other list", () => {
    session.lang = 'de';
    render(<BillRow row={{ id: 1, st: 1, num: '5', remark: 'Deposit', addtime: '2026-11-28 15:57:32' }} hidden={false} />);
    const shown = formatsFor('de').serverTime('2026-11-28 15:57:32');
    // German order (day.month.year), in local time whatever the zone: not the server's own text.
    expect(shown).toMatch(/^\d{2}\.\d{2}\.2026, \d{2}:\d{2}:\d{2}$/);
    expect(screen.getByTestId('bill-row').textContent).toContain(shown);
    expect(screen.getByTestId('bill-row').textContent).not.toContain('2026-11-28');
  });
});
