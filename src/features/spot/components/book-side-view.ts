/**
 * Draws one side of the order book into the fixed rows OrderBookPanel rendered (a list of `li`, each
 * a button holding a canvas), in place: a push paints the rows whose price, size or tint changed on
 * their own canvases and lays nothing out (docs/architecture.md#drawn-on-a-canvas). Each button
 * keeps the level's price to take (`data-price`) and its texts as its label for screen readers.
 */
import type { BookRow } from '../../../lib/book-rows.ts';
import { formatFixed } from '../../../lib/money.ts';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import { fitCanvas, type CanvasSize, type Palette, type TextLook } from './canvas-surface.ts';

export type Flash = 'up' | 'down';

/**
 * How each row's size flashes when `rows` replace `drawn` (row by row, best first as drawn): a level
 * that stayed in its row flashes when its size moved; a level that moved to another row is compared
 * with the size it had in the drawn book, so it flashes where it is now drawn; a level new to the
 * book does not flash. `null`: the row's tint ends (another level took it, unchanged); `undefined`:
 * the row keeps whatever tint it has.
 */
export function sizeFlashes(
  drawn: readonly (BookRow | undefined)[],
  rows: readonly BookRow[],
): (Flash | null | undefined)[] {
  const sizeBefore = new Map<string, string>();
  for (const row of drawn) if (row) sizeBefore.set(row.price, row.size);
  return rows.map((row, i) => {
    const before = drawn[i];
    const stayed = before?.price === row.price;
    const from = stayed ? before.size : sizeBefore.get(row.price);
    const move = from === undefined ? 0 : Math.sign(Number(row.size) - Number(from));
    if (move !== 0) return move > 0 ? 'up' : 'down';
    return stayed ? undefined : null;
  });
}

/** What one row shows: its texts (empty for a row without a level) and its size's tint. */
export interface RowPicture {
  price: string;
  size: string;
  flash: Flash | null;
}

/** Paints a row's picture on its canvas at `size` (CSS pixels). */
export type RowPainter = (canvas: HTMLCanvasElement, size: CanvasSize, picture: RowPicture) => void;

interface RowState {
  item: HTMLElement;
  button: HTMLElement;
  canvas: HTMLCanvasElement | null;
  size?: CanvasSize;
  picture: RowPicture;
  /** Until when (performance.now) the size is tinted. */
  until?: number;
}

const EMPTY: RowPicture = { price: '', size: '', flash: null };

/** One side's drawing state: what each row shows and until when its size is tinted. */
export class BookSideView {
  private drawn: (BookRow | undefined)[] = [];
  private readonly rows: RowState[];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly observer: ResizeObserver | undefined;

  constructor(
    readonly list: HTMLElement,
    private readonly paint: RowPainter,
  ) {
    this.rows = Array.from(list.children, (item) => {
      const button = item.firstElementChild as HTMLElement;
      const canvas = button.firstElementChild instanceof HTMLCanvasElement ? button.firstElementChild : null;
      return { item: item as HTMLElement, button, canvas, picture: EMPTY };
    });
    // Each canvas' size, kept outside the draws (a read in a draw would lay the page out); a row
    // shown or resized paints again.
    if (typeof ResizeObserver === 'function') {
      this.observer = new ResizeObserver((entries) => {
        for (const entry of entries) {
          const row = this.rows.find((each) => each.canvas === entry.target);
          if (!row) continue;
          row.size = { width: entry.contentRect.width, height: entry.contentRect.height };
          this.show(row);
        }
      });
      for (const row of this.rows) if (row.canvas) this.observer.observe(row.canvas);
    }
  }

  /** Draws `rows` (at most one per `li`) at `decimals`; rows past them are hidden. */
  draw(rows: readonly BookRow[], decimals: { price: number; size: number }, now = performance.now()): void {
    const flashes = sizeFlashes(this.drawn, rows);
    this.rows.forEach((state, i) => {
      const row = rows[i];
      // Attributes are written only when they change: a write of the same value still costs a style check.
      if (state.item.hidden !== !row) state.item.hidden = !row;
      if (!row) {
        // An emptied row keeps no stale level (the book is emptied while the socket is down).
        delete state.button.dataset.price;
        this.update(state, EMPTY.price, EMPTY.size, this.tint(state, null, now));
        return;
      }
      if (state.button.dataset.price !== row.price) state.button.dataset.price = row.price;
      const price = formatFixed(row.price, decimals.price);
      const size = formatFixed(row.size, decimals.size);
      this.update(state, price, size, this.tint(state, flashes[i], now));
    });
    this.drawn = rows.slice(0, this.rows.length);
    this.scheduleFade(now);
  }

  /** Paints every row again (new colours, font or direction). */
  repaint(): void {
    for (const row of this.rows) this.show(row);
  }

  /** Forgets what was drawn (another pair or grouping): nothing is compared across books. */
  reset(): void {
    this.drawn = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const row of this.rows) {
      const { price, size } = row.picture;
      this.update(row, price, size, this.tint(row, null, 0));
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.observer?.disconnect();
  }

  /** The row's tint after `next` (sizeFlashes' answer) at `now`. */
  private tint(row: RowState, next: Flash | null | undefined, now: number): Flash | null {
    if (next === undefined) {
      if (row.until !== undefined && row.until > now) return row.picture.flash;
      row.until = undefined;
      return null;
    }
    row.until = next ? now + FLASH_MS : undefined;
    return next;
  }

  /** Writes the row's label and tint attribute and paints it, when anything it shows changed. */
  private update(row: RowState, price: string, size: string, flash: Flash | null): void {
    const before = row.picture;
    if (before.price === price && before.size === size && before.flash === flash) return;
    row.picture = { price, size, flash };
    if (before.price !== price || before.size !== size) {
      if (price) row.button.setAttribute('aria-label', `${price} ${size}`);
      else row.button.removeAttribute('aria-label');
    }
    if (flash) row.button.dataset.flash = flash;
    else delete row.button.dataset.flash;
    this.show(row);
  }

  private show(row: RowState): void {
    if (row.canvas && row.size) this.paint(row.canvas, row.size, row.picture);
  }

  /**
   * Ends the tints that outlive the last push (the book stopped moving): one timer at a time, for the
   * earliest tint's end; a push in between ends the tints due by then itself.
   */
  private scheduleFade(now: number): void {
    if (this.timer !== undefined) return;
    let first = Number.POSITIVE_INFINITY;
    for (const row of this.rows) if (row.until !== undefined && row.until < first) first = row.until;
    if (first === Number.POSITIVE_INFINITY) return;
    this.timer = setTimeout(() => this.fade(), Math.max(0, first - now));
  }

  private fade(): void {
    this.timer = undefined;
    const now = performance.now();
    for (const row of this.rows) {
      const { price, size } = row.picture;
      this.update(row, price, size, this.tint(row, undefined, now));
    }
    this.scheduleFade(now);
  }
}

/** How a side's rows look: font, direction, the side's price colour, tints (not under reduced motion); the tint is a line high. */
export interface BookRowLook extends TextLook {
  side: 'bids' | 'asks';
  flashes: boolean;
  palette: Palette;
}

/**
 * Paints a row as its button lays it out: the price at the start in the side's text colour, the
 * size at the end, tinted a quarter of the up or down colour behind it while it flashes. Both
 * read left to right; right to left they change ends.
 */
export function paintBookRow(
  canvas: HTMLCanvasElement,
  size: CanvasSize,
  picture: RowPicture,
  look: BookRowLook,
): void {
  const context = fitCanvas(canvas, size);
  if (!context || !picture.price) return;
  const { width, height } = size;
  const middle = height / 2;
  context.font = look.font;
  context.direction = 'ltr';
  context.textBaseline = 'middle';
  context.fillStyle = look.side === 'bids' ? look.palette.upText : look.palette.downText;
  context.textAlign = look.rtl ? 'right' : 'left';
  context.fillText(picture.price, look.rtl ? width : 0, middle);
  context.textAlign = look.rtl ? 'left' : 'right';
  const sizeX = look.rtl ? 0 : width;
  if (picture.flash && look.flashes) {
    const textWidth = context.measureText(picture.size).width;
    context.globalAlpha = 0.25;
    context.fillStyle = picture.flash === 'up' ? look.palette.up : look.palette.down;
    context.fillRect(look.rtl ? 0 : width - textWidth, middle - look.lineHeight / 2, textWidth, look.lineHeight);
    context.globalAlpha = 1;
  }
  context.fillStyle = look.palette.text;
  context.fillText(picture.size, sizeX, middle);
}
