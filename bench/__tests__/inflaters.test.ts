import { gzipSync } from 'node:zlib';
import * as pako from 'pako';
import { describe, expect, it, vi } from 'vitest';
import { gunzipText } from '../../workers/market/transport/inflate.ts';
import { nativeInflater, OrderedInflate, pakoInflater, type FrameInflater, type Inflated } from '../inflaters.ts';

/** Frames of very different sizes (a 150-level book beside a one-line ping), with non-ASCII text. */
const frames = (count: number): string[] =>
  Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      ch: 'market.btcusdt.depth.step0',
      seq: i,
      note: 'prix €, 价格',
      pad: 'x'.repeat((i * 7919) % 40_000),
    }),
  );

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

describe("the inflaters the worker's is timed against", () => {
  it("give the worker's exact text for each frame, and refuse bytes that are not gzip", async () => {
    const native = nativeInflater();
    if (!native) throw new Error('Node 20 has DecompressionStream; this runtime does not');
    const inflatePako = pakoInflater(pako);
    for (const text of frames(5)) {
      const bytes = gzipSync(text);
      expect(gunzipText(bytes)).toBe(text);
      expect(await native(bytes)).toBe(text);
      expect(inflatePako(bytes)).toBe(text);
    }
    await expect(Promise.resolve().then(() => native(new Uint8Array([1, 2, 3, 4])))).rejects.toThrow();
    expect(() => inflatePako(new Uint8Array([1, 2, 3, 4]))).toThrow();
  });

  it('the stream path keeps the order of 200 frames of mixed sizes, as its burst timing assumes', async () => {
    const native = nativeInflater();
    if (!native) throw new Error('no DecompressionStream');
    const texts = frames(200);
    const out: string[] = [];
    const ordered = new OrderedInflate(native, (result) => out.push('text' in result ? result.text : result.error));
    for (const text of texts) ordered.push(gzipSync(text));
    await vi.waitFor(() => expect(out).toHaveLength(200), { timeout: 10_000 });
    expect(out).toEqual(texts);
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
    const ordered = new OrderedInflate(gunzipText, (result) => out.push(result));
    ordered.push(gzipSync('{"a":1}'));
    expect(out).toEqual([{ text: '{"a":1}' }]);
    ordered.push(new Uint8Array([9, 9]));
    expect(out[1]).toMatchObject({ error: expect.stringMatching(/^bad gzip/) });
  });
});
