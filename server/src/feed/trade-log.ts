import { countAtOrBefore, droppableBefore } from './time-index.ts';

/**
 * How long the printed trades themselves (id, published time, price) stay answerable: long enough
 * to settle a second contract after its expiry (options-trading.ts voids one whose price the feed
 * cannot name within 10 minutes), short enough that a busy feed keeps only tens of thousands.
 */
export const TRADE_PROOF_RETENTION_MS = 30 * 60_000;

/** One printed trade as the public feed published it (`market.$symbol.trade.detail`, REST `history/trade`). */
export interface PrintedTrade {
  /** HTX `tradeId` as decimal text. */
  tradeId: string;
  /** The trade's `ts` in the feed's pushes, epoch ms (for a replay: the recording's time). */
  ts: number;
  /** Exact decimal text, the same text the feed's price function answers. */
  price: string;
}

/**
 * The trades of one symbol in print order, each at the server instant it was printed, so "the
 * trade whose price is the last price at T" can be named. Entries older than the retention are
 * dropped, except the last one before the cut: every trade it could hide is older than it, so it
 * still answers exactly for the times after it.
 */
export class TradeLog {
  private times: number[] = [];
  private trades: PrintedTrade[] = [];

  constructor(private readonly retentionMs: number = TRADE_PROOF_RETENTION_MS) {}

  /** Appends a trade printed at `atMs` (server time); `atMs` must not go backwards. */
  record(atMs: number, trade: PrintedTrade): void {
    this.times.push(atMs);
    this.trades.push(trade);
    if (this.times.length > 1024 && atMs - (this.times[0] as number) > this.retentionMs * 1.25) this.trim(atMs);
  }

  /**
   * The last trade printed at or before `atMs`, or null when there is none in what is kept (no
   * trade yet, or a time before the retained window).
   */
  at(atMs: number): PrintedTrade | null {
    const count = countAtOrBefore(this.times, atMs);
    return count === 0 ? null : (this.trades[count - 1] as PrintedTrade);
  }

  private trim(nowMs: number): void {
    const drop = droppableBefore(this.times, nowMs - this.retentionMs);
    if (drop === 0) return;
    this.times.splice(0, drop);
    this.trades.splice(0, drop);
  }
}
