/**
 * Inflate paths timed where the market worker runs them, in a dedicated worker of the browser
 * (docs/performance.md#decode): the engine's own (fflate's gunzip), pako, and `DecompressionStream`
 * driven through OrderedInflate, on the same gzip frames. The stream path is timed two ways: frames one at a time, each
 * awaited (a calm feed: every frame pays the stream's fixed cost), and a pass pushed at once (a
 * burst off the socket, where calls overlap).
 */
import * as pako from 'pako';
import { gunzipText } from '../../workers/market/transport/inflate.ts';
import { nativeInflater, OrderedInflate, pakoInflater } from '../inflaters.ts';
import { percentile } from '../stats.ts';

export interface InflateTimes {
  frames: number;
  pakoMicrosPerFrame: number;
  fflateMicrosPerFrame: number;
  streamOneByOneMicrosPerFrame: number;
  streamBurstMicrosPerFrame: number;
}

const inflatePako = pakoInflater(pako);

const median = (values: number[]): number => percentile(values, 50);

/** A synchronous inflater over every frame, in microseconds a frame. */
function timeSync(frames: Uint8Array[], inflate: (bytes: Uint8Array) => string): number {
  const start = performance.now();
  let length = 0;
  for (const frame of frames) length += inflate(frame).length;
  if (length === 0) throw new Error('nothing inflated');
  return ((performance.now() - start) * 1000) / frames.length;
}

async function timeStreamOneByOne(frames: Uint8Array[]): Promise<number> {
  const inflate = nativeInflater();
  if (!inflate) throw new Error('no DecompressionStream in this worker');
  const start = performance.now();
  for (const frame of frames) await inflate(frame);
  return ((performance.now() - start) * 1000) / frames.length;
}

async function timeStreamBurst(frames: Uint8Array[]): Promise<number> {
  const inflate = nativeInflater();
  if (!inflate) throw new Error('no DecompressionStream in this worker');
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    let left = frames.length;
    const ordered = new OrderedInflate(inflate, (result) => {
      if ('error' in result) return reject(new Error(result.error));
      if (--left === 0) resolve();
    });
    for (const frame of frames) ordered.push(frame);
  });
  return ((performance.now() - start) * 1000) / frames.length;
}

self.onmessage = async (event: MessageEvent<{ frames: Uint8Array[]; runs: number }>) => {
  const { frames, runs } = event.data;
  // Warm-up: the first calls compile and allocate.
  for (let pass = 0; pass < 3; pass++) {
    timeSync(frames, inflatePako);
    timeSync(frames, gunzipText);
    await timeStreamOneByOne(frames);
    await timeStreamBurst(frames);
  }
  const pakoRuns: number[] = [];
  const fflateRuns: number[] = [];
  const oneByOne: number[] = [];
  const burst: number[] = [];
  for (let run = 0; run < runs; run++) {
    pakoRuns.push(timeSync(frames, inflatePako));
    fflateRuns.push(timeSync(frames, gunzipText));
    oneByOne.push(await timeStreamOneByOne(frames));
    burst.push(await timeStreamBurst(frames));
  }
  const times: InflateTimes = {
    frames: frames.length,
    pakoMicrosPerFrame: median(pakoRuns),
    fflateMicrosPerFrame: median(fflateRuns),
    streamOneByOneMicrosPerFrame: median(oneByOne),
    streamBurstMicrosPerFrame: median(burst),
  };
  self.postMessage(times);
};
