import { gunzipSync, gzipSync } from 'node:zlib';

/** Byte 9 of a gzip header names the OS; Java's GZIPOutputStream writes 0, Node writes 3 (Unix). */
const OS_BYTE = 9;

/**
 * A server frame's payload: gzip (RFC 1952) of the UTF-8 JSON text, with the header the real Java
 * server writes (`1f8b 0800 00000000 00 00`: no mtime, OS byte 0).
 */
export function gzipFrame(json: string): Buffer {
  const zipped = gzipSync(Buffer.from(json, 'utf8'));
  zipped[OS_BYTE] = 0;
  return zipped;
}

/** The JSON text inside a server frame (any valid gzip, whatever its header says). */
export function decodeFrame(payload: Uint8Array | ArrayBuffer | Buffer[]): string {
  const bytes = Array.isArray(payload)
    ? Buffer.concat(payload)
    : Buffer.from(payload instanceof ArrayBuffer ? new Uint8Array(payload) : payload);
  return gunzipSync(bytes).toString('utf8');
}

/**
 * JSON.parse that keeps integers of 16+ digits (the 27-digit trade `id`s) as strings instead of
 * silently rounding them. Only bare numbers after `:`, `[` or `,` are touched, never text in strings
 * (HTX frames carry no digit runs inside strings at those places).
 */
export function parseJsonKeepBigInts(text: string): unknown {
  return JSON.parse(text.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,\]}])/g, '$1"$2"'));
}
