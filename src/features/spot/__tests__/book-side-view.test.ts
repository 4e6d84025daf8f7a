import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import type { BookRow } from '../../../lib/book-rows.ts';
import { BookSideView, sizeFlashes } from '../components/book-side-view.ts';

const row = (price: string, size: string): BookRow => ({ price, size });

describe('sizeFlashes', () => {
  it('flashes a level whose size moved in its row, up or down, and leaves an unchanged one as it is', () => {
    const drawn = [row('100', '1'), row('99', '2'), row('98', '3')];
    expect(sizeFlashes(drawn, [row('100', '1.5'), row('99', '1'), row('98', '3')])).toEqual(['up', 'down', undefined]);
  });

  it('compares a level that moved rows with its own size before, and ends the tint of a row a new level took', () => {
    const drawn = [row('100', '1'), row('99', '2')];
    // 100 left; 99 moved up a row with a larger size; 97 is new to the book.
    expect(sizeFlashes(drawn, [row('99', '2.5'), row('97', '4')])).toEqual(['up', null]);
    // 99 moved up unchanged: the row's tint, which was 100's, ends.
    expect(sizeFlashes(drawn, [row('99', '2')])).toEqual([null]);
  });
});

describe('BookSideView', () => {
  let list: HTMLUListElement;
  beforeEach(() => {
    vi.useFakeTimers();
    list = document.createElement('ul');
    for (let i = 0; i < 3; i++) {
      const item = document.createElement('li');
      item.hidden = true;
      item.innerHTML = '<button type="button"></button>';
      list.append(item);
    }
  });
  afterEach(() => vi.useRealTimers());

  // jsdom lays nothing out (no ResizeObserver): the rows' labels and attributes say what each paints.
  const view = () => new BookSideView(list, document.createElement('canvas'), () => undefined);
  const buttons = () => Array.from(list.querySelectorAll('button'));
  const labels = () =>
    Array.from(list.children, (item) =>
      (item as HTMLElement).hidden ? null : item.querySelector('button')?.getAttribute('aria-label'),
    );
  const flashes = () => buttons().map((button) => button.dataset.flash);

  it('writes each level at the decimals into the same rows, with its price to take, and hides rows without a level', () => {
    const side = view();
    const before = buttons();
    side.draw([row('100.5', '1.25'), row('99', '0.0000009121')], { price: 2, size: 4 }, 0);
    expect(labels()).toEqual(['100.50 1.2500', '99.00 0.0000', null]);
    expect(buttons()[0]?.dataset.price).toBe('100.5');
    side.draw([row('101', '3')], { price: 1, size: 1 }, 10);
    expect(labels()).toEqual(['101.0 3.0', null, null]);
    expect(buttons()[1]?.dataset.price).toBeUndefined();
    expect(buttons()[1]?.hasAttribute('aria-label')).toBe(false);
    // Drawn in place: no node was replaced.
    expect(buttons()).toEqual(before);
  });

  it('tints a changed size for FLASH_MS, also when no push follows, and never across books after a reset', () => {
    const side = view();
    side.draw([row('100', '1'), row('99', '2')], { price: 0, size: 0 }, 0);
    expect(flashes()).toEqual([undefined, undefined, undefined]);
    side.draw([row('100', '3'), row('99', '1')], { price: 0, size: 0 }, performance.now());
    expect(flashes()).toEqual(['up', 'down', undefined]);
    vi.advanceTimersByTime(FLASH_MS - 1);
    expect(flashes()).toEqual(['up', 'down', undefined]);
    vi.advanceTimersByTime(1);
    expect(flashes()).toEqual([undefined, undefined, undefined]);
    side.reset();
    side.draw([row('100', '5')], { price: 0, size: 0 }, performance.now());
    expect(flashes()).toEqual([undefined, undefined, undefined]);
    side.dispose();
  });
});
