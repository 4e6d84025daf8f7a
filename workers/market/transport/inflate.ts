/**
 * Inflating the feed's binary gzip frames (docs/architecture.md#the-data-path). The worker inflates
 * with fflate's gunzip, chosen by its measured cost in the browser's own worker
 * (docs/performance.md#decode): one frame at a time no dearer than `DecompressionStream`, seven to nine
 * times cheaper in a burst (the stream's fixed cost per call), and half of pako's or less, in 2 KiB gzip. Being
 * synchronous, it hands each frame's text on in the socket's message event, in arrival order.
 */
import { gunzipSync } from 'fflate';

const utf8 = new TextDecoder();
/** Frames inflate into one buffer, kept between frames: no new buffer (zeroed, then collected) per frame. */
let scratch = new Uint8Array(1 << 16);
/** A frame claiming more than this (a broken size field) inflates into a buffer of its own. */
const SCRATCH_MAX = 1 << 24;

/** The inflated size a gzip member states in its last four bytes (little-endian, modulo 2^32). */
function statedSize(bytes: Uint8Array): number {
  const n = bytes.length;
  return (
    ((bytes[n - 4] ?? 0) | ((bytes[n - 3] ?? 0) << 8) | ((bytes[n - 2] ?? 0) << 16) | ((bytes[n - 1] ?? 0) << 24)) >>> 0
  );
}

/** One gzip frame to its text: fflate's gunzip with the native UTF-8 decoder. Throws for bytes that are not gzip. */
export function gunzipText(bytes: Uint8Array): string {
  const size = statedSize(bytes);
  if (bytes.length < 18 || size > SCRATCH_MAX) return utf8.decode(gunzipSync(bytes));
  if (size > scratch.length) scratch = new Uint8Array(size);
  return utf8.decode(gunzipSync(bytes, { out: scratch.subarray(0, size) }));
}
