import { writeFileSync } from 'node:fs';
import { formatTranscriptLine, type TranscriptLine } from '../../../../feed/replay/transcript.ts';

/** A trade print of a session: at `atMs` after its start, one trade of `amount` at `price`. */
export interface SessionTrade {
  atMs: number;
  price: number;
  amount?: number;
}

/** A step0 book of a session, pushed at `atMs`: [price, size] levels, best first. */
export interface SessionBook {
  atMs: number;
  bids: [number, number][];
  asks: [number, number][];
}

const START_S = 1_800_000_000;

/**
 * Writes a recorded session in the transcript format the feed replays (the format of our recorder:
 * one JSON line per frame, via the feed's own `formatTranscriptLine`), with the trade and depth
 * pushes of one symbol at known offsets. The first push is at offset 0.
 */
export function writeSession(
  file: string,
  symbol: string,
  trades: readonly SessionTrade[],
  books: readonly SessionBook[],
): void {
  const lines: TranscriptLine[] = [{ dir: 'connect', t: START_S, url: 'ws://127.0.0.1:1/ws' }];
  const pushes: { atMs: number; frame: string }[] = [];
  let tradeId = 100_000;
  trades.forEach((trade, index) => {
    const ts = START_S * 1000 + trade.atMs;
    tradeId += 1;
    const tick = {
      id: 900_000 + index,
      ts,
      data: [
        {
          id: `${900_000 + index}0000000000000${index}`,
          ts,
          tradeId,
          amount: trade.amount ?? 0.01,
          price: trade.price,
          direction: 'buy',
        },
      ],
    };
    pushes.push({ atMs: trade.atMs, frame: JSON.stringify({ ch: `market.${symbol}.trade.detail`, ts, tick }) });
  });
  books.forEach((book, index) => {
    const ts = START_S * 1000 + book.atMs;
    const tick = { bids: book.bids, asks: book.asks, version: 500 + index, ts };
    pushes.push({ atMs: book.atMs, frame: JSON.stringify({ ch: `market.${symbol}.depth.step0`, ts, tick }) });
  });
  // Stable sort: at one instant, the order given (trades before books) is kept.
  pushes.sort((a, b) => a.atMs - b.atMs);
  for (const push of pushes)
    lines.push({ dir: 'server->client', t: START_S + push.atMs / 1000, opcode: 'binary(gzip)', frame: push.frame });
  writeFileSync(file, lines.map(formatTranscriptLine).join(''));
}
