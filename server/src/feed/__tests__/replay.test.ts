import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseJsonKeepBigInts } from '../frame.ts';
import { plainDecimal } from '../java-number.ts';
import { marketPrice } from '../price.ts';
import { CLIENT_TO_SERVER, SERVER_TO_CLIENT, readTranscript } from '../replay/transcript.ts';
import {
  FeedClient,
  OWN_FIXTURES,
  type Received,
  getJson,
  isAck,
  playUntil,
  post,
  realFixtures,
  startServer,
} from './helpers.ts';

interface Recording {
  topics: string[];
  pushes: Array<{ t: number; text: string; topic: string }>;
}

function loadRecording(file: string): Recording {
  const lines = readTranscript(file);
  const topics = lines
    .filter((l) => l.dir === CLIENT_TO_SERVER && l.frame?.includes('"sub"'))
    .map((l) => (JSON.parse(l.frame as string) as { sub: string }).sub);
  const pushes = lines
    .filter((l) => l.dir === SERVER_TO_CLIENT && l.frame?.startsWith('{"ch"'))
    .map((l) => ({ t: l.t, text: l.frame as string, topic: (JSON.parse(l.frame as string) as { ch: string }).ch }));
  return { topics, pushes };
}

/** How far the clock moves between two looks at what has arrived. */
const STEP_MS = 10;

/**
 * Replays `file` at `speed` on the faked clock, subscribed to every recorded topic, and starts the
 * session over; then moves the clock STEP_MS at a time. After each step the client holds the pushes
 * whose recorded time since the first push, divided by the speed, has passed, to the millisecond
 * (the faked timers fire on whole milliseconds); at the end, the whole session in order, byte for byte.
 */
async function checkReplay(file: string, speed: number): Promise<void> {
  const recording = loadRecording(file);
  const server = await startServer(
    { FEED_SOURCE: 'replay', FEED_REPLAY_FILE: file, FEED_REPLAY_SPEED: String(speed), FEED_REPLAY_LOOP: '0' },
    { fakeClock: 'with timeouts' },
  );
  try {
    const client = await FeedClient.connect(`${server.ws}/ws`);
    recording.topics.forEach((topic, i) => client.send({ sub: topic, id: i }));
    await client.waitForCount((r) => r.json.status === 'ok', recording.topics.length);
    // The clock stands still until the test moves it: nothing of the first run comes after this.
    const before = client.received.length;
    expect((await post(`${server.http}/__test/feed/replay/restart`)).json).toEqual({ restarted: true });

    const expected = recording.pushes;
    const t0 = expected[0]?.t ?? 0;
    const dueMs = expected.map((p) => ((p.t - t0) * 1000) / speed);
    const dueBy = (ms: number): number => dueMs.filter((due) => due <= ms).length;
    const arrived = (): Received[] => client.received.slice(before).filter((r) => r.json.ch !== undefined);
    const lastDue = dueMs.at(-1) ?? 0;
    for (let elapsed = 0; ; elapsed += STEP_MS) {
      await client.caughtUp();
      const count = arrived().length;
      expect(count, `pushes ${elapsed} ms after the restart`).toBeGreaterThanOrEqual(dueBy(elapsed - 1));
      expect(count, `pushes ${elapsed} ms after the restart`).toBeLessThanOrEqual(dueBy(elapsed + 1));
      if (elapsed >= lastDue) break;
      vi.advanceTimersByTime(STEP_MS);
    }
    expect(arrived().map((r) => r.text)).toEqual(expected.map((p) => p.text));
    client.close();
  } finally {
    await server.close();
  }
}

const OWN_SESSION = join(OWN_FIXTURES, 'session', 'transcript.jsonl');
const real = realFixtures();
const REAL_SESSION = join(real ?? '', 'ws', 'live-session-2021-04-17', 'transcript.decoded.jsonl');

describe('replay', () => {
  it('delivers our own recorded session in order, byte for byte, at its timing divided by the speed', async () => {
    await checkReplay(OWN_SESSION, 12);
  });

  it.skipIf(!real)(
    'delivers the real 2021 session (depth.step0 and trade.detail) in order, timed by the speed',
    async () => {
      await checkReplay(REAL_SESSION, 20);
    },
  );

  it('serves the recording through req, REST and the price function', async () => {
    const recording = loadRecording(OWN_SESSION);
    const server = await startServer(
      { FEED_SOURCE: 'replay', FEED_REPLAY_FILE: OWN_SESSION, FEED_REPLAY_SPEED: '50', FEED_REPLAY_LOOP: '0' },
      { fakeClock: 'with timeouts' },
    );
    try {
      // Past the last push at speed 50 (a second of recording is 20 ms).
      vi.advanceTimersByTime(((recording.pushes.at(-1)?.t ?? 0) - (recording.pushes[0]?.t ?? 0)) * 20 + 1);
      const lastTrade = (symbol: string) => {
        const push = recording.pushes.filter((p) => p.topic === `market.${symbol}.trade.detail`).at(-1);
        return (parseJsonKeepBigInts(push?.text ?? '{}') as { tick: { data: Array<{ id: string; price: number }> } })
          .tick.data[0];
      };
      for (const symbol of ['dogeusdt', 'ltcusdt', 'btcusdt']) {
        expect(marketPrice(symbol, Date.now())).toBe(plainDecimal(lastTrade(symbol)?.price ?? 0));
      }
      expect(marketPrice('ethusdt', Date.now())).toBeNull();

      const history = await getJson(`${server.http}/market/history/trade?symbol=dogeusdt&size=1`);
      expect(history.text).toContain(`"id":${lastTrade('dogeusdt')?.id}`);
      const lastDepth = JSON.parse(
        recording.pushes.filter((p) => p.topic === 'market.ltcusdt.depth.step0').at(-1)?.text ?? '{}',
      );
      const depth = await getJson(`${server.http}/market/depth?symbol=ltcusdt&type=step0&depth=5`);
      expect((depth.json.tick as { bids: unknown[] }).bids).toEqual(lastDepth.tick.bids.slice(0, 5));
      const symbols = await getJson(`${server.http}/v1/common/symbols`);
      expect((symbols.json.data as Array<{ symbol: string }>).map((s) => s.symbol).sort()).toEqual([
        'btcusdt',
        'dogeusdt',
        'ltcusdt',
      ]);
      const unknown = await getJson(`${server.http}/market/detail?symbol=ethusdt`);
      expect(unknown.json['err-msg']).toBe('invalid symbol');

      const client = await FeedClient.connect(`${server.ws}/feed`);
      client.send({ req: 'market.dogeusdt.mbp.5', id: 'snap' });
      const snapshot = (await client.waitFor(isAck('snap'))).json.data as { seqNum: number };
      const lastIncrement = JSON.parse(
        recording.pushes.filter((p) => p.topic === 'market.dogeusdt.mbp.5').at(-1)?.text ?? '{}',
      );
      expect(snapshot.seqNum).toBe(lastIncrement.tick.seqNum);
      // A topic the recording does not have is not served.
      client.send({ sub: 'market.ethusdt.kline.1min', id: 'x' });
      expect((await client.waitFor(isAck('x'))).json['err-msg']).toBe('invalid topic market.ethusdt.kline.1min');
      client.close();
    } finally {
      await server.close();
    }
  });

  it('loops when asked', async () => {
    const recording = loadRecording(OWN_SESSION);
    const server = await startServer(
      { FEED_SOURCE: 'replay', FEED_REPLAY_FILE: OWN_SESSION, FEED_REPLAY_SPEED: '40', FEED_REPLAY_LOOP: '1' },
      { fakeClock: 'with timeouts' },
    );
    try {
      const client = await FeedClient.connect(`${server.ws}/ws`);
      client.send({ sub: 'market.ltcusdt.depth.step0', id: 1 });
      const firstDepth = recording.pushes.find((p) => p.topic === 'market.ltcusdt.depth.step0')?.text;
      // Two rounds of the session (its span and the gap between loops) at speed 40.
      const roundMs = (((recording.pushes.at(-1)?.t ?? 0) - (recording.pushes[0]?.t ?? 0)) * 1000 + 1000) / 40;
      await playUntil(client, (r) => r.text === firstDepth, { count: 2, withinMs: 2 * roundMs + 100 });
      client.close();
    } finally {
      await server.close();
    }
  });

  it('refuses to start on a missing or unusable replay file, with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-bad-'));
    const noPushes = join(dir, 'pings.jsonl');
    writeFileSync(noPushes, '{"dir":"server->client","t":1,"opcode":"binary(gzip)","frame":"{\\"ping\\":1}"}\n');
    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, '{"dir":"connect","t":1,"url":"ws://x"}\nnot json\n');
    await expect(startServer({ FEED_SOURCE: 'replay', FEED_REPLAY_FILE: '' })).rejects.toThrow(
      'FEED_REPLAY_FILE is required when FEED_SOURCE=replay',
    );
    await expect(startServer({ FEED_SOURCE: 'replay', FEED_REPLAY_FILE: join(dir, 'nope.jsonl') })).rejects.toThrow(
      /^FEED_REPLAY_FILE must be a recorded session file, got ".*nope\.jsonl", which does not exist$/,
    );
    await expect(startServer({ FEED_SOURCE: 'replay', FEED_REPLAY_FILE: noPushes })).rejects.toThrow(
      'the replay file holds no market pushes',
    );
    await expect(startServer({ FEED_SOURCE: 'replay', FEED_REPLAY_FILE: broken })).rejects.toThrow(
      'transcript line 2: not JSON',
    );
  });
});
