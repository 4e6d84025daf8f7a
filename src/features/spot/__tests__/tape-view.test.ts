import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Trade } from '../../../../common/protocol.ts';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import { formatsFor } from '../../../lib/format.ts';
import { TapeView, arrivals } from '../components/tape-view.ts';

const trade = (id: number, price = '100', direction: Trade['direction'] = 'buy'): Trade => ({
  tradeId: String(id),
  ts: Date.UTC(2026, 0, 2, 3, 4, id % 60),
  price,
  amount: '0.5',
  direction,
});
/** Newest first, as the engine hands the tape. */
const tape = (...ids: number[]) => ids.map((id) => trade(id));
const formats = formatsFor('en');
const decimals = { price: 2, size: 3 };

describe('arrivals', () => {
  it('are the trades before the one that headed the tape, and none for the first drawing', () => {
    expect([...arrivals(tape(5, 4, 3), '3')]).toEqual(['5', '4']);
    expect([...arrivals(tape(5, 4, 3), undefined)]).toEqual([]);
  });
});

describe('TapeView', () => {
  let list: HTMLUListElement;
  beforeEach(() => {
    vi.useFakeTimers();
    list = document.createElement('ul');
  });
  afterEach(() => vi.useRealTimers());

  const rows = () => Array.from(list.children) as HTMLElement[];
  const shown = () =>
    rows()
      .filter((row) => !row.hidden)
      .map((row) => row.textContent);
  const marked = () =>
    rows()
      .filter((row) => row.dataset.arrived !== undefined)
      .map((row) => rows().indexOf(row));

  it('draws the newest trades first with time, arrow and price in the side colour and amount; rows without a trade are hidden', () => {
    const view = new TapeView(list, 3, 'row');
    view.draw([trade(2, '101.5', 'sell'), trade(1)], decimals, formats);
    expect(shown()).toEqual([`${formats.time(trade(2).ts)}▼ 101.500.500`, `${formats.time(trade(1).ts)}▲ 100.000.500`]);
    expect(rows()[0]?.dataset.direction).toBe('sell');
    expect(rows()[2]?.hidden).toBe(true);
    expect(marked()).toEqual([]);
  });

  it('takes the bottom rows to the top for new trades, leaving the others untouched, and marks them until the next update or FLASH_MS', () => {
    const view = new TapeView(list, 4, 'row');
    view.draw(tape(4, 3, 2, 1), decimals, formats);
    const [four, three] = rows();
    view.draw(tape(6, 5, 4, 3, 2, 1), decimals, formats);
    expect(rows()[2]).toBe(four);
    expect(rows()[3]).toBe(three);
    expect(shown().map((text) => text?.slice(0, 8))).toEqual(tape(6, 5, 4, 3).map((each) => formats.time(each.ts)));
    expect(marked()).toEqual([0, 1]);
    view.draw(tape(7, 6, 5, 4), decimals, formats);
    expect(marked()).toEqual([0]);
    vi.advanceTimersByTime(FLASH_MS);
    expect(marked()).toEqual([]);
  });

  it('draws every row again when the tape was merged out of order or the decimals changed', () => {
    const view = new TapeView(list, 3, 'row');
    view.draw(tape(5, 3), decimals, formats);
    // A missed trade (4) merged in after a reconnect.
    view.draw(tape(5, 4, 3), decimals, formats);
    expect(shown().map((text) => text?.slice(0, 8))).toEqual(tape(5, 4, 3).map((each) => formats.time(each.ts)));
    view.draw(tape(5, 4, 3), { price: 0, size: 0 }, formats, true);
    expect(shown()[0]).toBe(`${formats.time(trade(5).ts)}▲ 1000`);
    view.dispose();
  });
});
