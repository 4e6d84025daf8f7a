/**
 * Draws the trade tape into the fixed rows TradeTape rendered, in place (docs/architecture.md#drawn-in-place):
 * a new trade rewrites the texts of the rows below it instead of inserting a row and removing the
 * last, and a trade's texts are formatted once while it stays on the tape.
 */
import type { Trade } from '../../../../common/protocol.ts';
import type { Formats } from '../../../lib/format.ts';
import { formatFixed } from '../../../lib/money.ts';
import { FLASH_MS } from '../../../components/ui/FlashNumber.tsx';
import tone from '../../../components/ui/tone.module.css';

interface Texts {
  time: string;
  price: string;
  amount: string;
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

/** Where each text of a row is written (rowTemplate builds them). */
interface RowNodes {
  /** The trade the row shows. */
  id?: string | undefined;
  item: HTMLLIElement;
  time: HTMLElement;
  priceCell: HTMLElement;
  arrow: HTMLElement;
  price: HTMLElement;
  amount: HTMLElement;
}

function ltr(parent: HTMLElement): HTMLElement {
  const bdi = document.createElement('bdi');
  bdi.dir = 'ltr';
  parent.append(bdi);
  return bdi;
}

/** A row: time; arrow and price in the side's colour; amount, each cell's text isolated left to right. */
function createRow(rowClass: string): RowNodes {
  const item = document.createElement('li');
  item.className = rowClass;
  item.hidden = true;
  const [timeCell, priceCell, amountCell] = [0, 1, 2].map(() => item.appendChild(document.createElement('span')));
  const time = ltr(timeCell as HTMLElement);
  const priceText = ltr(priceCell as HTMLElement);
  const arrow = priceText.appendChild(document.createElement('span'));
  arrow.setAttribute('aria-hidden', 'true');
  const price = priceText.appendChild(document.createElement('span'));
  return { item, time, priceCell: priceCell as HTMLElement, arrow, price, amount: ltr(amountCell as HTMLElement) };
}

/**
 * The tape's rows, owned here and not by React. A new trade takes the bottom row to the top and
 * writes that row's texts only: the rows below keep theirs (a text that changes is shaped and laid
 * out again, a row that only moves is not), so an update costs about one row whatever the tape.
 */
export class TapeView {
  private readonly rows: RowNodes[];
  private head: string | undefined;
  private texts = new Map<string, Texts>();
  private marked = new Set<RowNodes>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly list: HTMLElement,
    size: number,
    rowClass: string,
  ) {
    this.rows = Array.from({ length: size }, () => createRow(rowClass));
    list.replaceChildren(...this.rows.map((row) => row.item));
  }

  /** Draws the newest trades, one a row; `restyled` when decimals or language changed (every text again). */
  draw(trades: readonly Trade[], decimals: { price: number; size: number }, formats: Formats, restyled = false): void {
    const fresh = arrivals(trades, this.head);
    const kept = this.head === undefined ? -1 : trades.findIndex((trade) => trade.tradeId === this.head);
    this.head = trades[0]?.tradeId;
    if (restyled) this.texts.clear();
    const textOf = (trade: Trade): Texts => {
      let text = this.texts.get(trade.tradeId);
      if (!text) {
        text = {
          time: formats.time(trade.ts),
          price: formatFixed(trade.price, decimals.price),
          amount: formatFixed(trade.amount, decimals.size),
        };
        this.texts.set(trade.tradeId, text);
      }
      return text;
    };
    // The trades before the one that headed the tape are new: each takes the bottom row to the top,
    // and the rows below keep the trades they show. A row showing another trade than its own
    // (a tape merged after a reconnect, new decimals) is written again.
    if (kept > 0 && kept < this.rows.length) {
      for (let i = 0; i < kept; i++) {
        const row = this.rows.pop() as RowNodes;
        this.rows.unshift(row);
        this.list.insertBefore(row.item, this.list.firstElementChild);
      }
    }
    this.rows.forEach((row, i) => {
      const trade = trades[i];
      if (!trade) {
        if (!row.item.hidden) row.item.hidden = true;
        row.id = undefined;
      } else if (restyled || row.id !== trade.tradeId) this.fill(row, trade, textOf(trade));
    });
    this.mark(this.rows.filter((row, i) => fresh.has(trades[i]?.tradeId ?? '')));
    // Texts are kept for the trades on the tape only.
    if (this.texts.size > this.rows.length * 2) {
      const shown = new Set(trades.slice(0, this.rows.length).map((trade) => trade.tradeId));
      for (const id of this.texts.keys()) if (!shown.has(id)) this.texts.delete(id);
    }
  }

  /** Forgets the tape drawn (another pair): its first drawing is history again. */
  reset(): void {
    this.head = undefined;
    this.texts.clear();
    this.mark([]);
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  /** The rows of the latest update mark their arrival; the marks go with the next update, or after FLASH_MS. */
  private mark(rows: RowNodes[]): void {
    clearTimeout(this.timer);
    const next = new Set(rows);
    for (const row of this.marked) if (!next.has(row)) delete row.item.dataset.arrived;
    for (const row of next) row.item.dataset.arrived = '';
    this.marked = next;
    if (next.size > 0) this.timer = setTimeout(() => this.mark([]), FLASH_MS);
  }

  private fill(row: RowNodes, trade: Trade, text: Texts): void {
    const buy = trade.direction === 'buy';
    row.id = trade.tradeId;
    row.item.hidden = false;
    row.item.dataset.direction = trade.direction;
    row.time.textContent = text.time;
    row.priceCell.className = (buy ? tone.up : tone.down) ?? '';
    row.arrow.textContent = buy ? '▲ ' : '▼ ';
    row.price.textContent = text.price;
    row.amount.textContent = text.amount;
  }
}
