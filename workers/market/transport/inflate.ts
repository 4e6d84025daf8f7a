/**
 * Inflating the feed's binary gzip frames (docs/architecture.md#the-data-path). The worker inflates
 * with fflate's gunzip, chosen by its measured cost in the browser's own worker
 * (docs/performance.md#decode): one frame at a time no dearer than `DecompressionStream`, seven to nine
 * times cheaper in a burst (the stream's fixed cost per call), and half of pako's or less, in 2 KiB gzip. Being
 * synchronous, it hands each frame's text on in the socket's message event, in arrival order.
 */
import { gunzipSync } from 'fflate';

const utf8 = new TextDecoder();

/** One gzip frame to its text: fflate's gunzip with the native UTF-8 decoder. Throws for bytes that are not gzip. */
export function gunzipText(bytes: Uint8Array): string {
  return utf8.decode(gunzipSync(bytes));
}
