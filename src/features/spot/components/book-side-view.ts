/**
 * Draws one side of the order book into the fixed rows OrderBookPanel rendered (a list of `li`, each
 * a button with a price and a size span), in place: a push writes only the texts that changed, so no
 * row is created or removed while the book moves (docs/architecture.md#drawn-in-place).
 */
import type { BookRow } from '../../../lib/book-rows.ts';
import { formatFixed } from '../../../lib/money.ts';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import flash from '../../../components/ui/flash-number.module.css';

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

interface RowNodes {
  item: HTMLElement;
  button: HTMLElement;
  price: HTMLElement;
  size: HTMLElement;
}

function rowNodes(item: Element): RowNodes | null {
  const button = item.firstElementChild as HTMLElement | null;
  const price = button?.firstElementChild as HTMLElement | null;
  const size = price?.nextElementSibling as HTMLElement | null;
  return button && price && size ? { item: item as HTMLElement, button, price, size } : null;
}

/** Writes a text into its node's one text child (made on first use), only when it changed. */
function setText(node: HTMLElement, text: string): void {
  const child = node.firstChild;
  if (child instanceof Text) {
    if (child.data !== text) child.data = text;
  } else node.textContent = text;
}

/** One side's drawing state: what each row shows and until when its size is tinted. */
export class BookSideView {
  private drawn: (BookRow | undefined)[] = [];
  private tinted: (number | undefined)[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly list: HTMLElement) {}

  /** Draws `rows` (at most one per `li`) at `decimals`; rows past them are hidden. */
  draw(rows: readonly BookRow[], decimals: { price: number; size: number }, now = performance.now()): void {
    const flashes = sizeFlashes(this.drawn, rows);
    const items = this.list.children;
    for (let i = 0; i < items.length; i++) {
      const nodes = rowNodes(items[i] as Element);
      if (!nodes) continue;
      const row = rows[i];
      // Attributes are written only when they change: a write of the same value still costs a style check.
      if (nodes.item.hidden !== !row) nodes.item.hidden = !row;
      if (!row) {
        // An emptied row keeps no stale level (the book is emptied while the socket is down).
        this.tint(nodes, i, null, now);
        delete nodes.button.dataset.price;
        setText(nodes.price, '');
        setText(nodes.size, '');
        continue;
      }
      if (nodes.button.dataset.price !== row.price) nodes.button.dataset.price = row.price;
      setText(nodes.price, formatFixed(row.price, decimals.price));
      setText(nodes.size, formatFixed(row.size, decimals.size));
      this.tint(nodes, i, flashes[i], now);
    }
    this.drawn = rows.slice(0, items.length);
    this.scheduleFade(now);
  }

  /** Forgets what was drawn (another pair or grouping): nothing is compared across books. */
  reset(): void {
    this.drawn = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    for (let i = 0; i < this.list.children.length; i++) {
      const nodes = rowNodes(this.list.children[i] as Element);
      if (nodes) this.tint(nodes, i, null, 0);
    }
  }

  private tint(nodes: RowNodes, i: number, next: Flash | null | undefined, now: number): void {
    const until = this.tinted[i];
    if (until === undefined ? !next : next === undefined && until > now) return;
    const shown = next ?? null;
    this.tinted[i] = shown ? now + FLASH_MS : undefined;
    nodes.size.className = shown ? `${flash.number} ${flash[shown] ?? ''}` : (flash.number ?? '');
    if (shown) nodes.size.dataset.flash = shown;
    else delete nodes.size.dataset.flash;
  }

  /**
   * Ends the tints that outlive the last push (the book stopped moving): one timer at a time, for the
   * earliest tint's end; a push in between ends the tints due by then itself.
   */
  private scheduleFade(now: number): void {
    if (this.timer !== undefined) return;
    let first = Number.POSITIVE_INFINITY;
    for (const until of this.tinted) if (until !== undefined && until < first) first = until;
    if (first === Number.POSITIVE_INFINITY) return;
    this.timer = setTimeout(() => this.fade(), Math.max(0, first - now));
  }

  private fade(): void {
    this.timer = undefined;
    const now = performance.now();
    for (let i = 0; i < this.list.children.length; i++) {
      const nodes = rowNodes(this.list.children[i] as Element);
      if (nodes) this.tint(nodes, i, undefined, now);
    }
    this.scheduleFade(now);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
