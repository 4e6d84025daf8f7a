import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatsFor } from '../../../lib/format.ts';
import { session } from '../../../lib/session.ts';
import { BillRow } from '../components/RecordRows.tsx';

afterEach(() => {
  session.lang = 'en';
});

describe('wallet record times', () => {
  it("show the record's UTC server time in the device's zone, year first in every language, like every other list", () => {
    session.lang = 'de';
    render(
      <BillRow row={{ id: 1, st: 1, num: '5', remark: 'Deposit', addtime: '2026-11-28 15:57:32' }} hidden={false} />,
    );
    const local = new Date(Date.UTC(2026, 10, 28, 15, 57, 32));
    const pad = (n: number) => String(n).padStart(2, '0');
    const shown = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    // Not German's 28.11.2026 (docs/numbers-and-dates.md); the device's time, whatever its zone.
    expect(formatsFor('de').serverTime('2026-11-28 15:57:32')).toBe(shown);
    expect(screen.getByTestId('bill-row').textContent).toContain(shown);
  });
});
