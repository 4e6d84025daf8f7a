import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatsFor } from '../../../lib/format.ts';
import { VerifySettlement } from '../components/SettlementProof.tsx';

// The bar's fetch is not what this looks at: it stays loading.
vi.mock('../hooks/use-minute-bar.ts', () => ({
  useMinuteBar: () => ({ state: { status: 'loading' }, retry: () => undefined }),
}));

const order = {
  buyprice: '65000.12',
  sellprice: '65010.5',
  buy_trade_id: '100001',
  buy_trade_ts: 1_764_950_400_045,
  sell_trade_id: '100002',
  sell_trade_ts: 1_764_950_430_907,
};

describe('options Verify view', () => {
  it("shows each trade's time as a date to the millisecond in the app's format, never as an epoch number", () => {
    render(<VerifySettlement order={order} symbol="btcusdt" onBack={() => undefined} />);
    for (const [card, ts] of [
      ['verify-entry', order.buy_trade_ts],
      ['verify-settlement', order.sell_trade_ts],
    ] as const) {
      const shown = screen.getByTestId(card);
      const time = shown.querySelector('[data-testid="verify-trade-time"]');
      expect(time?.textContent).toBe(formatsFor('en').preciseDateTime(ts));
      expect(time?.textContent).toMatch(/\.\d{3}$/);
      expect(time?.getAttribute('datetime')).toBe(new Date(ts).toISOString());
      expect(shown.textContent).not.toContain(String(ts));
    }
  });
});
