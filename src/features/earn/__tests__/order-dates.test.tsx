import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatsFor } from '../../../lib/format.ts';
import { session } from '../../../lib/session.ts';
import { LoanOrderCard } from '../components/LoanOrderCard.tsx';

afterEach(() => {
  session.lang = 'en';
});

describe('earn order dates', () => {
  it('stay whole, left to right, on a right-to-left page', () => {
    session.lang = 'ar';
    const applied = new Date(2026, 10, 28, 15, 57, 32).getTime();
    const order = {
      id: 1,
      title: 'Quick cash loan',
      order_num: 'L1',
      coin: 'USDT',
      amount: '100',
      interest: '0.35',
      interest_rate: '0.05',
      cycle: 7,
      total_amount: '100.35',
      repayment_time_ms: null,
      is_repayment: 0,
      status: 1,
      reason: '',
      addtime_ms: applied,
    } as const;
    const { container } = render(<LoanOrderCard order={order} busy={null} onRepay={() => {}} onCancel={() => {}} />);
    const isolated = [...container.querySelectorAll('bdi[dir="ltr"]')].map((element) => element.textContent);
    expect(isolated).toContain(formatsFor('ar').dateTime(applied));
  });
});
