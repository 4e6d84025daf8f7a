import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { NEVER } from 'rxjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../lib/api-client.ts';
import type { OptionOrderRecord } from '../api/get-option-orders.ts';
import { OptionOrderList } from '../components/OptionOrderList.tsx';
import { SettledResult } from '../components/SettledResult.tsx';
import { useOptionOrders } from '../hooks/use-option-orders.ts';

type Answer = ApiResult<{ list: OptionOrderRecord[] }>;

/** Every getHyOrderList call, answered only when the test resolves it. */
const api = vi.hoisted(() => ({
  calls: [] as { status: number; page: number; answer(rows: unknown[]): Promise<void> }[],
}));

vi.mock('../api/get-option-orders.ts', () => ({
  OPTION_PAGE_SIZE: 10,
  getOptionOrders: (status: number, page: number) =>
    new Promise<Answer>((resolve) => {
      api.calls.push({
        status,
        page,
        answer: async (rows) => {
          resolve({ ok: true, msg: '', data: { list: rows as OptionOrderRecord[] } });
          await Promise.resolve();
        },
      });
    }),
}));

vi.mock('../../../lib/engine-client.ts', () => ({ engineStream: () => NEVER }));

const order = (id: number, fields: Partial<OptionOrderRecord>): OptionOrderRecord => ({
  order_id: id,
  coinname: 'BTC/USDT',
  status: 1,
  is_win: 0,
  ploss: '0.00000000',
  buyprice: '100',
  sellprice: '',
  time: 30,
  count_down: 30,
  hyzd: 1,
  hyzd_text: 'Buy up',
  num: '10.00000000',
  buytime: '',
  selltime: '',
  ...fields,
});

const OPEN = order(1, {});
const WON = order(2, { status: 2, is_win: 1, ploss: '+8.50000000', sellprice: '101', count_down: 0 });

/** The pending call for a status and page; fails the test when the hook never asked for it. */
function pending(status: number, page: number) {
  const call = api.calls.find((c) => c.status === status && c.page === page);
  expect(call, `getHyOrderList(status ${status}, page ${page}) was requested`).toBeDefined();
  return call!;
}

beforeEach(() => {
  api.calls.length = 0;
});

describe('options order list loads', () => {
  it('switching tabs before the first answer: the new tab is loaded and the old answer, arriving last, is dropped', async () => {
    render(<OptionOrderList />);
    expect(api.calls.map((c) => [c.status, c.page])).toEqual([[1, 1]]);
    fireEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(api.calls.map((c) => [c.status, c.page])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    await act(() => pending(2, 1).answer([WON]));
    await act(() => pending(1, 1).answer([OPEN]));
    const rows = screen.getAllByTestId('option-order-settled');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('Win +8.50000000');
    expect(screen.queryByText(/Lose/)).toBeNull();
    expect(screen.queryByTestId('option-order-open')).toBeNull();
  });

  it('never shows the previous tab’s rows under the new one while it loads', async () => {
    const { result, rerender } = renderHook(({ status }: { status: 1 | 2 }) => useOptionOrders(status, 0), {
      initialProps: { status: 1 },
    });
    rerender({ status: 2 });
    await act(() => pending(1, 1).answer([OPEN]));
    expect(result.current.rows).toEqual([]);
    expect(result.current.state).toBe('loading');
    await act(() => pending(2, 1).answer([WON]));
    expect(result.current.rows).toEqual([WON]);
    expect(result.current.state).toBe('end');
  });

  it('a reload started while a load is in flight wins, whatever order the answers come in', async () => {
    const { result, rerender } = renderHook(({ version }: { version: number }) => useOptionOrders(1, version), {
      initialProps: { version: 0 },
    });
    rerender({ version: 1 });
    expect(api.calls).toHaveLength(2);
    const [first, second] = api.calls;
    await act(() => second!.answer([order(3, {}), OPEN]));
    await act(() => first!.answer([OPEN]));
    expect(result.current.rows.map((row) => row.order_id)).toEqual([3, 1]);
  });
});

describe('an options order without a result', () => {
  it('reads pending settlement, not a loss, and carries no loss colour', () => {
    render(<SettledResult order={OPEN} />);
    const text = screen.getByTestId('result-text');
    expect(text.textContent).toBe('Pending settlement');
    expect(text.className).toBe('');
  });

  it('a settled loss still reads Lose', () => {
    render(<SettledResult order={{ ...OPEN, status: 2, is_win: 2, ploss: '-10.00000000' }} />);
    expect(screen.getByTestId('result-text').textContent).toBe('Lose');
  });
});

describe('a settled result in a right-to-left page', () => {
  // Bare beside Arabic words, "+8.50000000" is drawn "8.50000000+": the signed amount is isolated left to right.
  const isolated = (element: Element, text: string) =>
    [...element.querySelectorAll('bdi[dir="ltr"]')].some((bdi) => bdi.textContent === text);

  it('keeps the sign before the digits in the list row', async () => {
    render(<OptionOrderList />);
    fireEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    await act(() => pending(2, 1).answer([WON]));
    expect(isolated(screen.getByTestId('option-order-settled'), '+8.50000000')).toBe(true);
  });

  it('keeps the sign before the digits in the detail', () => {
    render(<SettledResult order={{ ...OPEN, status: 2, is_win: 2, ploss: '-10.00000000' }} />);
    expect(isolated(screen.getByTestId('result-ploss'), '-10.00000000')).toBe(true);
  });
});
