import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipText } from '../transport/inflate.ts';
import { MarketSocket } from '../transport/market-socket.ts';
import { FakeSocket } from './support/fakes.ts';

/** Frames of very different sizes (a 150-level book beside a one-line ping), with non-ASCII text. */
function frames(count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      ch: `market.btcusdt.depth.step0`,
      seq: i,
      note: 'prix €, 价格',
      pad: 'x'.repeat((i * 7919) % 40_000),
    }),
  );
}

/** A socket on one fake connection, recording the texts and broken frames it hands on, in order. */
function openSocket(): { connection: FakeSocket; out: string[]; socket: MarketSocket } {
  const connections: FakeSocket[] = [];
  const out: string[] = [];
  const socket = new MarketSocket({
    url: 'ws://engine.test/ws',
    factory: (url) => {
      const made = new FakeSocket(url);
      connections.push(made);
      return made;
    },
    onText: (text) => out.push(text),
    onBroken: (reason) => out.push(`broken: ${reason}`),
    onOpen: () => {},
    onDown: () => {},
    onStatus: () => {},
  });
  socket.subscribe('market.btcusdt.depth.step0');
  const connection = connections[0] as FakeSocket;
  connection.accept();
  return { connection, out, socket };
}

describe('inflating frames', () => {
  it("the worker's inflater gives the exact text of each frame and throws for bytes that are not gzip", () => {
    for (const text of frames(5)) expect(gunzipText(gzipSync(text))).toBe(text);
    expect(() => gunzipText(new Uint8Array([1, 2, 3, 4]))).toThrow();
    // A frame cut short is refused too, not inflated into part of a text.
    const whole = gzipSync(frames(2)[1] as string);
    expect(() => gunzipText(whole.subarray(0, whole.length - 12))).toThrow();
  });

  it('frames inflated one after another into the kept buffer never carry a longer frame before them', () => {
    const big = JSON.stringify({ ch: 'market.btcusdt.depth.step0', pad: 'y'.repeat(200_000) });
    const texts = [...frames(5)].reverse();
    for (const text of [big, ...texts, big, '{"ping":1}']) expect(gunzipText(gzipSync(text))).toBe(text);
  });

  it('the socket hands each frame on inside its message event, in arrival order, a text frame in its place', () => {
    const { connection, out, socket } = openSocket();
    const texts = frames(3);
    connection.pushText(texts[0] as string);
    expect(out).toEqual([texts[0]]);
    connection.onmessage?.({ data: '{"ping":1}' });
    connection.pushText(texts[1] as string);
    connection.pushText(texts[2] as string);
    expect(out).toEqual([texts[0], '{"ping":1}', texts[1], texts[2]]);
    socket.dispose();
  });

  it('a frame that is not gzip is reported as broken in its place, and the frames after it still arrive', () => {
    const { connection, out, socket } = openSocket();
    connection.pushBytes(new Uint8Array([1, 2, 3]));
    connection.pushText('{"b":2}');
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^broken: bad gzip/);
    expect(out[1]).toBe('{"b":2}');
    socket.dispose();
  });
});
