import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQ_MIN_GAP_MS } from '../connection.ts';
import { FeedClient, isAck, isPush, playUntil, QUIET_PING, startServer, type TestServer } from './helpers.ts';

type Levels = Array<[number, number]>;
interface Increment {
  seqNum: number;
  prevSeqNum: number;
  bids?: Levels;
  asks?: Levels;
}

/** A client-side book: snapshot plus increments, size 0 deleting a level. */
class Book {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();
  constructor(
    public seqNum: number,
    bids: Levels,
    asks: Levels,
  ) {
    for (const [p, q] of bids) this.bids.set(p, q);
    for (const [p, q] of asks) this.asks.set(p, q);
  }
  apply(increment: Increment): void {
    for (const [side, levels] of [
      [this.bids, increment.bids],
      [this.asks, increment.asks],
    ] as const) {
      for (const [p, q] of levels ?? []) {
        if (q === 0) side.delete(p);
        else side.set(p, q);
      }
    }
    this.seqNum = increment.seqNum;
  }
  sorted(): { bids: Levels; asks: Levels } {
    return {
      bids: [...this.bids.entries()].sort((a, b) => b[0] - a[0]),
      asks: [...this.asks.entries()].sort((a, b) => a[0] - b[0]),
    };
  }
}

describe('mbp increments', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(QUIET_PING, { fakeClock: true });
  }, 60_000);
  afterAll(async () => server.close());

  /** Checks one topic on its own connection: snapshot, `count` chained increments, then a second snapshot. */
  async function checkChain(levels: number, count: number): Promise<void> {
    const topic = `market.btcusdt.mbp.${levels}`;
    const client = await FeedClient.connect(`${server.ws}/feed`);
    client.send({ sub: topic, id: 'sub' });
    await playUntil(client, isPush(topic));
    client.send({ req: topic, id: 'first' });
    const first = await client.waitFor(isAck('first'));
    const snapshot = first.json.data as { seqNum: number; bids: Levels; asks: Levels };
    const book = new Book(snapshot.seqNum, snapshot.bids, snapshot.asks);

    const start = client.received.indexOf(first);
    await playUntil(client, isPush(topic), { from: start, count, withinMs: 15_000 });
    const increments = client
      .matching(isPush(topic), start)
      .slice(0, count)
      .map((r) => r.json.tick as Increment);
    for (let i = 0; i < increments.length; i++) {
      const increment = increments[i] as Increment;
      if (i > 0) expect(increment.prevSeqNum).toBe((increments[i - 1] as Increment).seqNum);
      else expect(increment.prevSeqNum).toBe(snapshot.seqNum);
      expect(increment.seqNum).toBeGreaterThan(increment.prevSeqNum);
      // A side without changes is left out, never sent empty.
      expect(increment.bids ?? increment.asks).toBeDefined();
      if (increment.bids) expect(increment.bids.length).toBeGreaterThan(0);
      if (increment.asks) expect(increment.asks.length).toBeGreaterThan(0);
      book.apply(increment);
      const { bids, asks } = book.sorted();
      expect(bids.length).toBeLessThanOrEqual(levels);
      expect(asks.length).toBeLessThanOrEqual(levels);
      expect((bids[0] as [number, number])[0]).toBeLessThan((asks[0] as [number, number])[0]);
    }

    vi.advanceTimersByTime(REQ_MIN_GAP_MS);
    client.send({ req: topic, id: 'second' });
    const second = await client.waitFor(isAck('second'), { from: start });
    const all = client.received
      .slice(start + 1, client.received.indexOf(second))
      .filter(isPush(topic))
      .map((r) => r.json.tick as Increment);
    for (const increment of all.slice(increments.length)) {
      expect(increment.prevSeqNum).toBe(book.seqNum);
      book.apply(increment);
    }
    const later = second.json.data as { seqNum: number; bids: Levels; asks: Levels };
    expect(book.seqNum).toBe(later.seqNum);
    expect(book.sorted()).toEqual({ bids: later.bids, asks: later.asks });
    client.close();
  }

  it('mbp.150, mbp.20 and mbp.5: continuous seqNum chains that rebuild the server book from a snapshot', async () => {
    await Promise.all([checkChain(150, 30), checkChain(20, 30), checkChain(5, 25)]);
  });
});
