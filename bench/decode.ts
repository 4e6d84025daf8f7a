/**
 * Worker decode throughput in Node (docs/performance.md#decode): the engine's inflate + parse + normalize of
 * recorded frames against Node's native zlib + JSON.parse of the same frames. Both run on the same
 * gzip buffers, interleaved, and the median of several runs is taken. The engine inflates with fflate's
 * gunzip (transport/inflate.ts), the ratio's path; pako and the stream path (Node's own
 * DecompressionStream, frames handed on in order by OrderedInflate) are timed beside it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { decodeFrame } from '../workers/market/normalize/frames.ts';
import { bookFrom, candleFrom, summaryFrom, symbolOf, tradesFrom } from '../workers/market/normalize/market.ts';
import { parseTranscript } from '../workers/market/record/transcript.ts';
import * as pako from 'pako';
import { gunzipText } from '../workers/market/transport/inflate.ts';
import { nativeInflater, OrderedInflate, pakoInflater } from './inflaters.ts';
import { percentile } from './stats.ts';

export interface DecodeResult {
  source: string;
  frames: number;
  oursMicrosPerFrame: number;
  nativeMicrosPerFrame: number;
  ratio: number;
  /** The same decode with frames inflated by pako. */
  pakoMicrosPerFrame: number;
  /** The same decode with frames inflated by DecompressionStream (asynchronous), or null without one. */
  streamMicrosPerFrame: number | null;
}

const inflatePako = pakoInflater(pako);

/** What the engine does with one binary frame (market-socket.ts, then market-feed.ts), up to the normalized value. */
function engineDecode(buffer: Uint8Array): unknown {
  return normalize(gunzipText(buffer));
}

function pakoDecode(buffer: Uint8Array): unknown {
  return normalize(inflatePako(buffer));
}

function normalize(text: string): unknown {
  const frame = decodeFrame(text);
  if (frame.type !== 'push') return frame;
  const kind = frame.topic.split('.')[2];
  if (kind === 'depth') return bookFrom(frame.tick, frame.ts);
  if (kind === 'trade') return tradesFrom(frame.tick);
  if (kind === 'kline') return candleFrom(frame.tick);
  if (kind === 'detail') return summaryFrom(symbolOf(frame.topic), frame.ts, frame.tick);
  return frame;
}

function nativeDecode(buffer: Uint8Array): unknown {
  return JSON.parse(gunzipSync(buffer).toString('utf8'));
}

function timeRun(buffers: Uint8Array[], decode: (buffer: Uint8Array) => unknown, passes: number): number {
  const start = process.hrtime.bigint();
  let sink = 0;
  for (let pass = 0; pass < passes; pass++) for (const buffer of buffers) sink += decode(buffer) ? 1 : 0;
  const elapsed = Number(process.hrtime.bigint() - start) / 1000;
  if (sink === 0) throw new Error('nothing decoded');
  return elapsed / (passes * buffers.length);
}

/** The stream path: every frame of a pass pushed at once, as a burst off the socket; done when the last is handed on. */
async function timeStreamRun(buffers: Uint8Array[], passes: number): Promise<number | null> {
  const inflate = nativeInflater();
  if (!inflate) return null;
  const start = process.hrtime.bigint();
  for (let pass = 0; pass < passes; pass++) {
    await new Promise<void>((resolve, reject) => {
      let left = buffers.length;
      const ordered = new OrderedInflate(inflate, (result) => {
        if ('error' in result) return reject(new Error(result.error));
        normalize(result.text);
        if (--left === 0) resolve();
      });
      for (const buffer of buffers) ordered.push(buffer);
    });
  }
  return Number(process.hrtime.bigint() - start) / 1000 / (passes * buffers.length);
}

const median = (values: number[]): number => percentile(values, 50);

/** The server's frames of the recorded live session when present, else of `fallback` (a transcript), gzipped as the feed sends them. */
export function benchFrames(recordedSession: string, fallback: string): { source: string; buffers: Uint8Array[] } {
  const useRecorded = existsSync(recordedSession);
  const transcript = useRecorded ? readFileSync(recordedSession, 'utf8') : fallback;
  const buffers = parseTranscript(transcript)
    .filter((line) => line.dir === 'server->client')
    .map((line) => gzipSync((line as { frame: string }).frame));
  return {
    source: useRecorded ? 'recorded live session (fixtures/huobi)' : 'generated bench session (fixtures absent)',
    buffers,
  };
}

/** Runs the comparison on the recorded live session when present, else on `fallback` (a transcript). */
export async function decodeBench(recordedSession: string, fallback: string): Promise<DecodeResult> {
  const { source, buffers } = benchFrames(recordedSession, fallback);
  const passes = Math.max(1, Math.round(3000 / buffers.length));
  for (let i = 0; i < 3; i++) {
    timeRun(buffers, engineDecode, passes);
    timeRun(buffers, nativeDecode, passes);
    timeRun(buffers, pakoDecode, passes);
  }
  const ours: number[] = [];
  const native: number[] = [];
  const withPako: number[] = [];
  for (let run = 0; run < 7; run++) {
    ours.push(timeRun(buffers, engineDecode, passes));
    native.push(timeRun(buffers, nativeDecode, passes));
    withPako.push(timeRun(buffers, pakoDecode, passes));
  }
  const stream: number[] = [];
  for (let run = 0; run < 3; run++) {
    const micros = await timeStreamRun(buffers, Math.max(1, Math.round(passes / 3)));
    if (micros !== null) stream.push(micros);
  }
  const oursMicros = median(ours);
  const nativeMicros = median(native);
  return {
    source,
    frames: buffers.length,
    oursMicrosPerFrame: oursMicros,
    nativeMicrosPerFrame: nativeMicros,
    ratio: oursMicros / nativeMicros,
    pakoMicrosPerFrame: median(withPako),
    streamMicrosPerFrame: stream.length > 0 ? median(stream) : null,
  };
}
