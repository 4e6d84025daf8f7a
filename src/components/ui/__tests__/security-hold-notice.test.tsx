import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowlistOf, formatTimeLeft } from '../../../lib/withdraw-guard.ts';
import { SecurityHoldNotice } from '../SecurityHoldNotice.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(5_000_000);
});
afterEach(() => vi.useRealTimers());

describe('the security hold notice', () => {
  it('says why and counts the time left down each second; at zero it asks for the hold again', () => {
    const onEnd = vi.fn();
    const hold = {
      reason: 'pay_password_changed' as const,
      left_seconds: 3 * 3600 + 2,
      endsAt: Date.now() + 10_802_000,
    };
    render(<SecurityHoldNotice hold={hold} onEnd={onEnd} />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Withdrawals and transfers are paused');
    expect(notice.textContent).toContain('Your transaction password was changed.');
    const left = () => screen.getByTestId('security-hold-left').textContent;
    expect(left()).toBe('3:00:02');
    act(() => vi.advanceTimersByTime(1000));
    expect(left()).toBe('3:00:01');
    act(() => vi.advanceTimersByTime(2000));
    expect(left()).toBe('2:59:59');
    expect(onEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(3 * 3600 * 1000));
    expect(left()).toBe('0:00:00');
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('counts from the seconds the server answered, whatever the phone clock says the server time is', () => {
    const list = allowlistOf(
      {
        on: 1,
        off_at: 1,
        off_left_seconds: 60,
        hold_hours: 24,
        hold: { reason: 'factor_added', left_seconds: 90 },
        list: [],
      },
      Date.now(),
    );
    expect(list.hold?.endsAt).toBe(Date.now() + 90_000);
    expect(list.offAt).toBe(Date.now() + 60_000);
  });

  it('reads hours past a day as hours', () => {
    expect(formatTimeLeft(30 * 3600 + 61)).toBe('30:01:01');
    expect(formatTimeLeft(0)).toBe('0:00:00');
  });
});
