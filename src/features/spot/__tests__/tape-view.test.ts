import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Trade } from '../../../../common/protocol.ts';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import { formatsFor } from '../../../lib/format.ts';
import { TapeView, arrivals, type TapeRow } from '../components/tape-view.ts';

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
  let painted: (readonly TapeRow[])[];
  beforeEach(() => {
    vi.useFakeTimers();
    painted = [];
  });
  afterEach(() => vi.useRealTimers());

  const view = (size: number) => new TapeView(size, (rows) => painted.push(rows));
  const last = () => painted[painted.length - 1] ?? [];
  const ids = () => last().map((row) => row.id);
  const marked = () => last().flatMap((row, i) => (row.arrived ? [i] : []));

  it('paints the newest trades first, at most its size, with time, side, price and amount at the decimals', () => {
    const tapeView = view(2);
    tapeView.draw([trade(3), trade(2, '101.5', 'sell'), trade(1)], decimals, formats);
    expect(last()).toEqual([
      { id: '3', time: formats.time(trade(3).ts), price: '100.00', amount: '0.500', buy: true, arrived: false },
      { id: '2', time: formats.time(trade(2).ts), price: '101.50', amount: '0.500', buy: false, arrived: false },
    ]);
  });

  it('marks the trades of the latest update until the next update or FLASH_MS, and none of the first drawing', () => {
    const tapeView = view(4);
    tapeView.draw(tape(4, 3, 2, 1), decimals, formats);
    expect(marked()).toEqual([]);
    tapeView.draw(tape(6, 5, 4, 3, 2, 1), decimals, formats);
    expect(ids()).toEqual(['6', '5', '4', '3']);
    expect(marked()).toEqual([0, 1]);
    tapeView.draw(tape(7, 6, 5, 4), decimals, formats);
    expect(marked()).toEqual([0]);
    const paints = painted.length;
    vi.advanceTimersByTime(FLASH_MS - 1);
    expect(painted.length).toBe(paints);
    vi.advanceTimersByTime(1);
    expect(painted.length).toBe(paints + 1);
    expect(ids()).toEqual(['7', '6', '5', '4']);
    expect(marked()).toEqual([]);
  });

  it('keeps the marks of a later update their whole FLASH_MS, whichever update set the timer', () => {
    const tapeView = view(4);
    tapeView.draw(tape(2, 1), decimals, formats);
    tapeView.draw(tape(3, 2, 1), decimals, formats);
    vi.advanceTimersByTime(FLASH_MS / 2);
    tapeView.draw(tape(4, 3, 2, 1), decimals, formats);
    expect(marked()).toEqual([0]);
    vi.advanceTimersByTime(FLASH_MS / 2);
    expect(marked()).toEqual([0]);
    vi.advanceTimersByTime(FLASH_MS / 2 - 1);
    expect(marked()).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(marked()).toEqual([]);
  });

  it('formats a trade once while it stays, and again for new decimals', () => {
    const time = vi.spyOn(formats, 'time');
    const tapeView = view(3);
    tapeView.draw(tape(5, 3), decimals, formats);
    tapeView.draw(tape(6, 5, 3), decimals, formats);
    expect(time).toHaveBeenCalledTimes(3);
    tapeView.draw(tape(6, 5, 3), { price: 0, size: 0 }, formats, true);
    expect(time).toHaveBeenCalledTimes(6);
    expect(last()[0]).toMatchObject({ price: '100', amount: '0' });
    time.mockRestore();
  });

  it('treats the first drawing after a reset (another pair) as history, and paints the same rows on repaint', () => {
    const tapeView = view(3);
    tapeView.draw(tape(2, 1), decimals, formats);
    tapeView.reset();
    tapeView.draw(tape(9, 8), decimals, formats);
    expect(marked()).toEqual([]);
    const before = last();
    tapeView.repaint();
    expect(last()).toBe(before);
    tapeView.dispose();
  });
});
