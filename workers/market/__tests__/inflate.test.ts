import { gzipSync } from 'node:zlib';
import * as pako from 'pako';
import { describe, expect, it, vi } from 'vitest';
import {
  lazyPakoInflater,
  nativeInflater,
  OrderedInflate,
  pakoInflater,
  type FrameInflater,
  type Inflated,
} from '../transport/inflate.ts';
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

/** An inflater whose answers the test releases one by one, in any order. */
function heldInflater(): { inflate: FrameInflater; release(index: number): void; fail(index: number): void } {
  const held: { bytes: Uint8Array; resolve(text: string): void; reject(error: Error): void }[] = [];
  return {
    inflate: (bytes) => new Promise<string>((resolve, reject) => held.push({ bytes, resolve, reject })),
    release: (index) => held[index]?.resolve(new TextDecoder().decode(pako.inflate(held[index].bytes))),
    fail: (index) => held[index]?.reject(new Error('incorrect header check')),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inflating frames', () => {
  it("the browser's DecompressionStream (Node's here) and pako give the exact text of each frame", async () => {
    const native = nativeInflater();
    if (!native) throw new Error('Node 20 has DecompressionStream; this runtime does not');
    const inflate = pakoInflater(pako);
    for (const text of frames(5)) {
      const bytes = gzipSync(text);
      expect(await native(bytes)).toBe(text);
      expect(inflate(bytes)).toBe(text);
    }
    await expect(Promise.resolve().then(() => native(new Uint8Array([1, 2, 3, 4])))).rejects.toThrow();
  });

  it('hands texts on in arrival order whatever order the inflations finish in, a text frame keeping its place', async () => {
    const held = heldInflater();
    const out: Inflated[] = [];
    const ordered = new OrderedInflate(held.inflate, (result) => out.push(result));
    const texts = frames(3);
    ordered.push(gzipSync(texts[0] as string));
    ordered.pushText('{"ping":1}');
    ordered.push(gzipSync(texts[1] as string));
    ordered.push(gzipSync(texts[2] as string));
    held.release(2);
    held.release(1);
    await settle();
    expect(out).toEqual([]);
    expect(ordered.pending).toBe(4);
    held.release(0);
    await settle();
    expect(out).toEqual([{ text: texts[0] }, { text: '{"ping":1}' }, { text: texts[1] }, { text: texts[2] }]);
    expect(ordered.pending).toBe(0);
  });

  it('a frame that is not gzip is reported in its place and the frames after it still arrive', async () => {
    const held = heldInflater();
    const out: Inflated[] = [];
    const ordered = new OrderedInflate(held.inflate, (result) => out.push(result));
    ordered.push(new Uint8Array([1, 2, 3]));
    ordered.push(gzipSync('{"b":2}'));
    held.release(1);
    held.fail(0);
    await settle();
    expect(out).toEqual([{ error: 'bad gzip: incorrect header check' }, { text: '{"b":2}' }]);
  });

  it('delivers at once when the inflater answers at once and nothing waits', () => {
    const out: Inflated[] = [];
    const ordered = new OrderedInflate(pakoInflater(pako), (result) => out.push(result));
    ordered.push(gzipSync('{"a":1}'));
    expect(out).toEqual([{ text: '{"a":1}' }]);
    ordered.push(new Uint8Array([9, 9]));
    expect(out[1]).toMatchObject({ error: expect.stringMatching(/^bad gzip/) });
  });

  it('keeps the order of 200 frames of mixed sizes through the real DecompressionStream', async () => {
    const native = nativeInflater();
    if (!native) throw new Error('no DecompressionStream');
    const texts = frames(200);
    const out: string[] = [];
    const ordered = new OrderedInflate(native, (result) => out.push('text' in result ? result.text : result.error));
    for (const text of texts) ordered.push(gzipSync(text));
    await vi.waitFor(() => expect(out).toHaveLength(200), { timeout: 10_000 });
    expect(out).toEqual(texts);
  });

  it('loads pako once, on the first frame, and answers synchronously after that', async () => {
    const load = vi.fn(async () => pako);
    const inflate = lazyPakoInflater(load);
    const first = inflate(gzipSync('{"a":1}'));
    const second = inflate(gzipSync('{"b":2}'));
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBe('{"a":1}');
    expect(await second).toBe('{"b":2}');
    expect(inflate(gzipSync('{"c":3}'))).toBe('{"c":3}');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops the frames still inflating when their socket goes down: a dead socket brings back no levels', async () => {
    const held = heldInflater();
    const sockets: FakeSocket[] = [];
    const texts: string[] = [];
    const socket = new MarketSocket({
      url: 'ws://engine.test/ws',
      factory: (url) => {
        const made = new FakeSocket(url);
        sockets.push(made);
        return made;
      },
      inflater: held.inflate,
      onText: (text) => texts.push(text),
      onBroken: () => {},
      onOpen: () => {},
      onDown: () => {},
      onStatus: () => {},
    });
    socket.subscribe('market.btcusdt.depth.step0');
    sockets[0]?.accept();
    sockets[0]?.push({ ch: 'market.btcusdt.depth.step0', tick: { seq: 1 } });
    sockets[0]?.drop();
    held.release(0);
    await settle();
    expect(texts).toEqual([]);
    socket.dispose();
  });
});
