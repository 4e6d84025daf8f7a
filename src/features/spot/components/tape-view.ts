/**
 * The trade tape's rows and how they are drawn on its canvas (docs/architecture.md#drawn-on-a-canvas):
 * an update lays out nothing and restyles nothing, it paints the tape's one canvas again. A trade's
 * texts are formatted once while it stays on the tape.
 */
import type { Trade } from '../../../../common/protocol.ts';
import type { Formats } from '../../../lib/format.ts';
import { formatFixed } from '../../../lib/money.ts';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import { fitCanvas, type CanvasSize, type Palette, type TextLook } from './canvas-surface.ts';

/** One drawn row: a trade's texts, its side, and whether it came with the latest update. */
export interface TapeRow {
  id: string;
  time: string;
  price: string;
  amount: string;
  buy: boolean;
  arrived: boolean;
}

/**
 * The trades `trades` brought that the tape drawn before (newest `head`) did not have: the rows that
 * mark their arrival. None for the first drawing, which is history.
 */
export function arrivals(trades: readonly Trade[], head: string | undefined): Set<string> {
  const fresh = new Set<string>();
  if (head === undefined) return fresh;
  for (const trade of trades) {
    if (trade.tradeId === head) break;
    fresh.add(trade.tradeId);
  }
  return fresh;
}

/**
 * The tape's rows, newest first, handed to `paint` on each update and again when the arrival marks
 * end: with the next update, or FLASH_MS after theirs when trades stop.
 */
export class TapeView {
  private head: string | undefined;
  private rows: TapeRow[] = [];
  private texts = new Map<string, Omit<TapeRow, 'arrived'>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When (performance.now) the latest marks were drawn. */
  private markedAt = 0;

  constructor(
    private readonly size: number,
    private readonly paint: (rows: readonly TapeRow[]) => void,
  ) {}

  /** Draws the newest trades, one a row; `restyled` when decimals or language changed (every text again). */
  draw(trades: readonly Trade[], decimals: { price: number; size: number }, formats: Formats, restyled = false): void {
    const fresh = arrivals(trades, this.head);
    this.head = trades[0]?.tradeId;
    if (restyled) this.texts.clear();
    const texts = new Map<string, Omit<TapeRow, 'arrived'>>();
    this.rows = trades.slice(0, this.size).map((trade) => {
      const text = this.texts.get(trade.tradeId) ?? {
        id: trade.tradeId,
        time: formats.time(trade.ts),
        price: formatFixed(trade.price, decimals.price),
        amount: formatFixed(trade.amount, decimals.size),
        buy: trade.direction === 'buy',
      };
      // Texts are kept for the trades on the tape only.
      texts.set(trade.tradeId, text);
      return { ...text, arrived: fresh.has(trade.tradeId) };
    });
    this.texts = texts;
    this.show();
  }

  /** The rows drawn last, for drawing again at a new size or in new colours. */
  repaint(): void {
    this.paint(this.rows);
  }

  /** Forgets the tape drawn (another pair): its first drawing is history again. */
  reset(): void {
    this.head = undefined;
    this.texts.clear();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private show(): void {
    this.paint(this.rows);
    if (!this.rows.some((row) => row.arrived)) return;
    this.markedAt = performance.now();
    // One timer at a time, not one per update: while trades keep coming, each update ends the marks
    // before it itself, and the timer only waits on.
    this.timer ??= setTimeout(() => this.unmark(), FLASH_MS);
  }

  /** Ends the marks FLASH_MS after the update that set them, if no update has ended them already. */
  private unmark(): void {
    const left = this.markedAt + FLASH_MS - performance.now();
    if (left > 0) {
      this.timer = setTimeout(() => this.unmark(), left);
      return;
    }
    this.timer = undefined;
    if (!this.rows.some((row) => row.arrived)) return;
    this.rows = this.rows.map((row) => ({ ...row, arrived: false }));
    this.paint(this.rows);
  }
}

/** How the tape looks: its rows' height and start padding (spot.module.css), font, direction, colours. */
export interface TapeLook extends TextLook {
  rowHeight: number;
  padding: number;
  /** Arrival marks are drawn (not under prefers-reduced-motion). */
  marks: boolean;
  palette: Palette;
}

/** The arrival mark's width at the row's start edge. */
const MARK_WIDTH = 3;

/**
 * Paints the rows as the tape's header lays out its columns: three equal columns after the start
 * padding, the time at the start of the first, price (arrow first, in the side's text colour) and
 * amount at the end of theirs, mirrored right to left. The numbers themselves read left to right.
 */
export function paintTape(canvas: HTMLCanvasElement, size: CanvasSize, rows: readonly TapeRow[], look: TapeLook): void {
  const context = fitCanvas(canvas, size);
  if (!context) return;
  const { width } = size;
  const column = (width - look.padding) / 3;
  // Edges from the start side: the time's start, the price's end, the amount's end.
  const [timeX, priceX, amountX] = look.rtl
    ? [width - look.padding, column, 0]
    : [look.padding, look.padding + 2 * column, width];
  const startAlign: CanvasTextAlign = look.rtl ? 'right' : 'left';
  const endAlign: CanvasTextAlign = look.rtl ? 'left' : 'right';
  context.font = look.font;
  context.direction = 'ltr';
  context.textBaseline = 'middle';
  rows.forEach((row, i) => {
    const top = i * look.rowHeight;
    const middle = top + look.rowHeight / 2;
    if (row.arrived && look.marks) {
      context.fillStyle = row.buy ? look.palette.up : look.palette.down;
      context.fillRect(look.rtl ? width - MARK_WIDTH : 0, top, MARK_WIDTH, look.rowHeight);
    }
    context.fillStyle = look.palette.text;
    context.textAlign = startAlign;
    context.fillText(row.time, timeX, middle);
    context.textAlign = endAlign;
    context.fillText(row.amount, amountX, middle);
    context.fillStyle = row.buy ? look.palette.upText : look.palette.downText;
    context.fillText(`${row.buy ? '▲' : '▼'} ${row.price}`, priceX, middle);
  });
}
