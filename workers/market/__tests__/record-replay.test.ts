import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Book, FeedStatus } from '../../../common/protocol.ts';
import { IndexedDbRecorder } from '../record/recorder.ts';
import { TranscriptError, parseTranscript } from '../record/transcript.ts';
import { createHarness, type Harness } from './support/fakes.ts';
import { ownFixture, sharedFixtures } from './support/fixtures.ts';
import { depthPush } from './support/market-rest.ts';
import { advance, useEngineTimers } from './support/timers.ts';

describe('replay', () => {
  let h: Harness;
  beforeEach(() => {
    useEngineTimers();
    h = createHarness();
  });
  afterEach(() => {
    h.engine.dispose();
    vi.useRealTimers();
  });

  it('plays a transcript into the engine at the chosen speed, with no socket and no server', async () => {
    h.engine.subscribe(1, { kind: 'book', symbol: 'ethbtc' });
    h.engine.subscribe(2, { kind: 'feedStatus' });
    await h.engine.startReplay(ownFixture('session.ndjson'), 2);
    expect(h.sockets.every((socket) => socket.closed)).toBe(true);
    await advance(149);
    h.frames.tick();
    expect(h.log.valuesOf(1)).toEqual([]);
    await advance(1);
    h.frames.tick();
    expect([...(h.log.lastOf(1) as Book).bids.slice(0, 2)]).toEqual([5e-7, 1]);
    // The second book was recorded 6 s after the first: 3 s at speed 2.
    await advance(2_999);
    h.frames.tick();
    expect((h.log.lastOf(1) as Book).bids[1]).toBe(1);
    await advance(1);
    h.frames.tick();
    expect((h.log.lastOf(1) as Book).bids[1]).toBe(3);
    expect(h.log.lastOf(2)).toMatchObject({ state: 'replay', brokenFrames: 0 } satisfies Partial<FeedStatus>);
    expect(h.fetch.requests).toEqual([]);
  });

  it('replays the recorded live session and shows its books', async (ctx) => {
    const dir = sharedFixtures(ctx);
    if (!dir) return;
    const transcript = readFileSync(join(dir, 'ws/live-session-2021-04-17/transcript.decoded.jsonl'), 'utf8');
    h.engine.subscribe(1, { kind: 'book', symbol: 'borusdt', levels: 150 });
    h.engine.subscribe(2, { kind: 'trades', symbol: 'zeneth' });
    h.engine.subscribe(3, { kind: 'feedStatus' });
    await h.engine.startReplay(transcript, 10);
    await advance(4_000);
    h.frames.tick();
    const book = h.log.lastOf(1) as Book;
    expect(book.bids.length).toBeGreaterThan(100);
    expect(book.asks[0]).toBeGreaterThan(book.bids[0] as number);
    expect(h.log.lastOf(3)).toMatchObject({ state: 'replay', brokenFrames: 0, frames: 362 });
  });

  it('a malformed transcript is refused with the line that is wrong', async () => {
    await expect(h.engine.startReplay('{"dir":"connect","t":1,"url":"x"}\nnot json\n', 1)).rejects.toThrow(
      TranscriptError,
    );
    await expect(h.engine.startReplay('{"dir":"connect","t":1,"url":"x"}\nnot json\n', 1)).rejects.toThrow(/line 2/);
    expect(() => parseTranscript('{"dir":"server->client","frame":"{}"}')).toThrow(/line 1 has no time/);
    await expect(h.engine.startReplay(ownFixture('session.ndjson'), 0)).rejects.toThrow(/speed/);
  });
});

describe('recording to IndexedDB', () => {
  beforeEach(() => useEngineTimers());
  afterEach(() => vi.useRealTimers());

  it('records what the engine receives and sends, exports the transcript format, and that export replays', async () => {
    const recorder = await IndexedDbRecorder.open(new IDBFactory(), 'qa-1');
    const h = createHarness();
    h.engine.setRecorder(recorder);
    h.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    h.socket().accept();
    h.socket().pushText('{"ping":1700000000000}');
    h.socket().push(depthPush('btcusdt', 42.5));
    await advance(1_000);
    const ndjson = await recorder.exportNdjson();
    const lines = parseTranscript(ndjson);
    expect(lines.map((line) => line.dir)).toEqual([
      'connect',
      'client->server',
      'server->client',
      'client->server',
      'server->client',
    ]);
    expect(lines[0]).toMatchObject({ url: 'ws://engine.test/ws' });
    expect(lines[1]).toMatchObject({
      opcode: 'text',
      frame: expect.stringContaining('"sub":"market.btcusdt.depth.step0"'),
    });
    expect(lines[2]).toMatchObject({ opcode: 'binary(gzip)', frame: '{"ping":1700000000000}' });
    expect(lines[3]).toMatchObject({ frame: '{"pong":1700000000000}' });
    for (const line of lines) expect(line.t).toBeCloseTo(Date.now() / 1000 - 1, 0);
    await recorder.close();
    h.engine.dispose();

    const replay = createHarness();
    replay.engine.subscribe(1, { kind: 'book', symbol: 'btcusdt' });
    await replay.engine.startReplay(ndjson, 1);
    await advance(10);
    replay.frames.tick();
    expect((replay.log.lastOf(1) as Book).bids[0]).toBe(42.5);
    replay.engine.dispose();
  });

  it('keeps recordings apart and writes in batches, not per frame', async () => {
    const factory = new IDBFactory();
    const first = await IndexedDbRecorder.open(factory, 'a');
    const second = await IndexedDbRecorder.open(factory, 'b');
    first.record({ dir: 'connect', t: 1, url: 'ws://a' });
    second.record({ dir: 'connect', t: 2, url: 'ws://b' });
    expect(parseTranscript(await first.exportNdjson())).toEqual([{ dir: 'connect', t: 1, url: 'ws://a' }]);
    expect(parseTranscript(await second.exportNdjson())).toEqual([{ dir: 'connect', t: 2, url: 'ws://b' }]);
    await first.close();
    await second.close();
  });
});
