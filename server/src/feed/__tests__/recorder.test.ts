import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOPICS, parseRecordArgs } from '../record-cli.ts';
import { recordSession } from '../replay/recorder.ts';
import { replayMessages } from '../replay/replay-feed.ts';
import { ReplayState } from '../replay/replay-state.ts';
import { CLIENT_TO_SERVER, CONNECT, SERVER_TO_CLIENT, readTranscript } from '../replay/transcript.ts';
import { startServer, type TestServer } from './helpers.ts';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'record-cli.ts');

describe('the recorder', () => {
  let server: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'recorder-'));
  beforeAll(async () => {
    server = await startServer();
  }, 60_000);
  afterAll(async () => server.close());

  it('records subs, acks, pushes, pings and its pongs in the transcript format the replay reads', async () => {
    const out = join(dir, 'session.jsonl');
    const topics = ['market.btcusdt.trade.detail', 'market.btcusdt.depth.step0', 'market.ethusdt.mbp.20'];
    const result = await recordSession({ url: `${server.ws}/feed`, out, topics, seconds: 1.2 });
    expect(result.reason).toBe('time');
    const lines = readTranscript(out);
    expect(lines.length).toBe(result.lines);
    expect(lines[0]).toMatchObject({ dir: CONNECT, url: `${server.ws}/feed` });
    for (let i = 1; i < lines.length; i++) expect((lines[i]?.t ?? 0) >= (lines[i - 1]?.t ?? 0)).toBe(true);
    const sent = lines
      .filter((l) => l.dir === CLIENT_TO_SERVER)
      .map((l) => JSON.parse(l.frame as string) as Record<string, unknown>);
    expect(sent.filter((m) => 'sub' in m).map((m) => m.sub)).toEqual(topics);
    const got = lines.filter((l) => l.dir === SERVER_TO_CLIENT);
    expect(got.every((l) => l.opcode === 'binary(gzip)')).toBe(true);
    const pings = got.map((l) => JSON.parse(l.frame as string) as Record<string, unknown>).filter((m) => 'ping' in m);
    expect(pings.length).toBeGreaterThanOrEqual(3);
    const pongs = sent.filter((m) => 'pong' in m).map((m) => m.pong);
    // Every ping answered with its value (one arriving as the recording closes may go unanswered).
    expect(pongs.length).toBeGreaterThanOrEqual(pings.length - 1);
    expect(pongs).toEqual(pings.slice(0, pongs.length).map((p) => p.ping));
    // The recorder asked for the mbp snapshot so that a replay can rebuild the book.
    expect(sent.some((m) => m.req === 'market.ethusdt.mbp.20')).toBe(true);

    const { messages } = replayMessages(lines);
    expect(messages.filter((m) => m.kind === 'push').length).toBe(result.pushes);
    const state = new ReplayState(messages);
    messages.forEach((m, i) => state.apply(m, 1000 + i));
    expect(state.hasTopic('market.btcusdt.trade.detail')).toBe(true);
    const lastIncrement = messages.filter((m) => m.kind === 'push' && m.topic === 'market.ethusdt.mbp.20').at(-1);
    expect(state.mbpSnapshot('ethusdt', 20)?.seqNum).toBe(JSON.parse(lastIncrement?.json ?? '{}').tick.seqNum);
    expect(state.marketSymbols().find((s) => s.symbol === 'btcusdt')).toMatchObject({
      base: 'btc',
      quote: 'usdt',
      pricePrecision: 2,
    });
  });

  it('runs as `npm run record -- <ws-url> <out.jsonl> --topics … --seconds N`', async () => {
    const out = join(dir, 'cli.jsonl');
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      CLI,
      `${server.ws}/ws`,
      out,
      '--topics',
      'market.dogeusdt.bbo',
      '--seconds',
      '0.8',
    ]);
    expect(stdout).toMatch(/done \(time\): \d+ lines, \d+ pushes/);
    const lines = readTranscript(out);
    expect(lines.some((l) => l.frame?.startsWith('{"ch":"market.dogeusdt.bbo"'))).toBe(true);
  });

  it('parses its command line and refuses bad arguments with the usage', () => {
    expect(parseRecordArgs(['wss://api.huobi.pro/ws', 'out.jsonl'])).toEqual({
      url: 'wss://api.huobi.pro/ws',
      out: 'out.jsonl',
      topics: DEFAULT_TOPICS,
    });
    expect(parseRecordArgs(['ws://h/ws', 'o', '--topics', 'a, b', '--seconds', '5'])).toEqual({
      url: 'ws://h/ws',
      out: 'o',
      topics: ['a', 'b'],
      seconds: 5,
    });
    expect(() => parseRecordArgs(['ws://h/ws'])).toThrow(/usage/);
    expect(() => parseRecordArgs(['http://h/ws', 'o'])).toThrow(/ws:\/\/ or wss:\/\//);
    expect(() => parseRecordArgs(['ws://h/ws', 'o', '--seconds', '-1'])).toThrow(/positive/);
    expect(() => parseRecordArgs(['ws://h/ws', 'o', '--verbose'])).toThrow(/unknown option/);
  });
});
