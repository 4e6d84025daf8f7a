/**
 * Draws one side of the order book: OrderBookPanel rendered its fixed rows (a list of `li`, each a
 * button) over one canvas. A push paints, on that canvas and in one pass, the rows whose price, size
 * or tint changed, where their buttons lie, and lays nothing out (docs/architecture.md#drawn-on-a-canvas).
 * Each button keeps the level's price to take (`data-price`) and its texts as its label for
 * screen readers.
 */
import type { BookRow } from '../../../lib/book-rows.ts';
import { formatFixed } from '../../../lib/money.ts';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import { fitCanvas, sizeCanvas, type CanvasSize, type Palette, type TextLook } from './canvas-surface.ts';

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

/** Where a row lies on its side's canvas, in CSS pixels. */
export interface RowBand {
  top: number;
  height: number;
}

/** A row to paint: its picture in its band. */
export interface PaintedRow {
  band: RowBand;
  picture: RowPicture;
}

/** Paints rows' pictures in their bands, already cleared, of the side's canvas (`size`: the canvas' CSS size). */
export type RowPainter = (canvas: HTMLCanvasElement, size: CanvasSize, rows: readonly PaintedRow[]) => void;

interface RowState {
  item: HTMLElement;
  button: HTMLElement;
  /** The row's height, from a ResizeObserver (0 while hidden). */
  height: number;
  picture: RowPicture;
  /** What the row's nodes were last given (`hidden`, `data-price`): kept here, as reading a node is a call into the DOM. */
  hidden: boolean;
  price: string | undefined;
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
  private size: CanvasSize | undefined;

  /**
   * `onScreen` answers whether the canvas is on the screen (useOnScreen); off it, nothing is painted,
   * and its owner calls `repaint` when it comes back.
   */
  constructor(
    readonly list: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    private readonly paint: RowPainter,
    private readonly onScreen: () => boolean = () => true,
  ) {
    this.rows = Array.from(list.children, (item) => ({
      item: item as HTMLElement,
      button: item.firstElementChild as HTMLElement,
      height: 0,
      picture: EMPTY,
      hidden: item.hasAttribute('hidden'),
      price: undefined,
    }));
    // The canvas' and the rows' sizes, kept outside the draws (a read in a draw would lay the page
    // out); a row shown, hidden or resized moves the rows below it, so every row paints again.
    if (typeof ResizeObserver === 'function') {
      this.observer = new ResizeObserver((entries) => {
        for (const entry of entries) {
          const { width, height } = entry.contentRect;
          if (entry.target === canvas) this.size = { width, height };
          const row = this.rows.find((each) => each.item === entry.target);
          if (row) row.height = height;
        }
        this.repaint();
      });
      this.observer.observe(canvas);
      for (const row of this.rows) this.observer.observe(row.item);
    }
  }

  /** Draws `rows` (at most one per `li`) at `decimals`; rows past them are hidden. */
  draw(rows: readonly BookRow[], decimals: { price: number; size: number }, now = performance.now()): void {
    const flashes = sizeFlashes(this.drawn, rows);
    const changed: number[] = [];
    this.rows.forEach((state, i) => {
      const row = rows[i];
      // Attributes are written only when they change: a write of the same value still costs a style check.
      if (state.hidden !== !row) state.item.hidden = state.hidden = !row;
      const price = row?.price;
      if (state.price !== price) {
        // An emptied row keeps no stale level (the book is emptied while the socket is down).
        if (price === undefined) delete state.button.dataset.price;
        else state.button.dataset.price = price;
        state.price = price;
      }
      const changedRow = row
        ? this.update(
            i,
            formatFixed(row.price, decimals.price),
            formatFixed(row.size, decimals.size),
            this.tint(state, flashes[i], now),
          )
        : this.update(i, EMPTY.price, EMPTY.size, this.tint(state, null, now));
      if (changedRow) changed.push(i);
    });
    this.show(changed);
    this.drawn = rows.slice(0, this.rows.length);
    this.scheduleFade(now);
  }

  /** Paints every row again (new colours, font, direction or sizes). */
  repaint(): void {
    // Every row: the canvas is cleared whole, rows past the shown ones too.
    this.show(this.rows.map((_, i) => i));
  }

  /** Forgets what was drawn (another pair or grouping): nothing is compared across books. */
  reset(): void {
    this.drawn = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    this.retint((row) => this.tint(row, null, 0));
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

  /** Gives each row, its texts kept, the tint `tintOf` answers, and paints the rows that changed. */
  private retint(tintOf: (row: RowState) => Flash | null): void {
    this.show(
      this.rows.flatMap((row, i) => (this.update(i, row.picture.price, row.picture.size, tintOf(row)) ? [i] : [])),
    );
  }

  /** Writes the row's label and tint attribute when anything it shows changed; true if so (it is to be painted). */
  private update(i: number, price: string, size: string, flash: Flash | null): boolean {
    const row = this.rows[i] as RowState;
    const before = row.picture;
    if (before.price === price && before.size === size && before.flash === flash) return false;
    row.picture = { price, size, flash };
    if (before.price !== price || before.size !== size) {
      if (price) row.button.setAttribute('aria-label', `${price} ${size}`);
      else row.button.removeAttribute('aria-label');
    }
    if (flash !== before.flash) {
      if (flash) row.button.dataset.flash = flash;
      else delete row.button.dataset.flash;
    }
    return true;
  }

  /**
   * Paints rows `indexes` (ascending) in one pass, each in its band: below the rows above it, as the
   * list lays them out. Their bands are cleared first, a run of neighbouring rows with one call, or
   * the whole canvas when every row changed, as most pushes of a moving book do. Off the screen
   * nothing is painted.
   */
  private show(indexes: readonly number[]): void {
    if (!this.size || indexes.length === 0) return;
    if (!this.onScreen()) return;
    const painted: PaintedRow[] = [];
    let top = 0;
    let next = 0;
    this.rows.forEach((row, i) => {
      if (indexes[next] === i) {
        next++;
        if (row.height > 0) painted.push({ band: { top, height: row.height }, picture: row.picture });
      }
      top += row.height;
    });
    if (indexes.length === this.rows.length) fitCanvas(this.canvas, this.size);
    else clearBands(this.canvas, this.size, painted);
    if (painted.length > 0) this.paint(this.canvas, this.size, painted);
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
    this.retint((row) => this.tint(row, undefined, now));
    this.scheduleFade(now);
  }
}

/** Clears the rows' bands (top to bottom), each run of touching bands in one call. */
function clearBands(canvas: HTMLCanvasElement, size: CanvasSize, rows: readonly PaintedRow[]): void {
  const context = sizeCanvas(canvas, size);
  if (!context) return;
  let run: RowBand | undefined;
  for (const { band } of rows) {
    if (run && run.top + run.height === band.top) {
      run.height += band.height;
      continue;
    }
    if (run) context.clearRect(0, run.top, size.width, run.height);
    run = { ...band };
  }
  if (run) context.clearRect(0, run.top, size.width, run.height);
}

/** How a side's rows look: font, direction, the side's price colour, tints (not under reduced motion); the tint is a line high. */
export interface BookRowLook extends TextLook {
  side: 'bids' | 'asks';
  flashes: boolean;
  palette: Palette;
}

/**
 * Paints rows in their bands (cleared by BookSideView) as their buttons lay them out: the price at the start in the side's
 * text colour, the size at the end, tinted a quarter of the up or down colour behind it while it
 * flashes. Both read left to right; right to left they change ends. One pass for all the rows: the
 * prices, tints and sizes are each drawn with their style set once.
 */
export function paintBookRows(
  canvas: HTMLCanvasElement,
  size: CanvasSize,
  rows: readonly PaintedRow[],
  look: BookRowLook,
): void {
  const context = sizeCanvas(canvas, size);
  if (!context) return;
  const { width } = size;
  const middle = ({ band }: PaintedRow) => band.top + band.height / 2;
  const filled = rows.filter((row) => row.picture.price);
  if (filled.length === 0) return;
  context.font = look.font;
  context.direction = 'ltr';
  context.textBaseline = 'middle';
  context.fillStyle = look.side === 'bids' ? look.palette.upText : look.palette.downText;
  context.textAlign = look.rtl ? 'right' : 'left';
  for (const row of filled) context.fillText(row.picture.price, look.rtl ? width : 0, middle(row));
  if (look.flashes) {
    context.globalAlpha = 0.25;
    for (const row of filled) {
      const { flash, size: text } = row.picture;
      if (!flash) continue;
      const textWidth = context.measureText(text).width;
      context.fillStyle = flash === 'up' ? look.palette.up : look.palette.down;
      context.fillRect(look.rtl ? 0 : width - textWidth, middle(row) - look.lineHeight / 2, textWidth, look.lineHeight);
    }
    context.globalAlpha = 1;
  }
  context.fillStyle = look.palette.text;
  context.textAlign = look.rtl ? 'left' : 'right';
  for (const row of filled) context.fillText(row.picture.size, look.rtl ? 0 : width, middle(row));
}
