import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/**
 * Real images encoded by Chromium's canvas (48×32, see fixtures/README.md): JPEG, PNG, and WebP as
 * Chromium writes it (VP8X + ICCP + VP8 / VP8L, and with ALPH for transparency).
 */
export const fixture = (name: 'photo.jpg' | 'photo.png' | 'lossy.webp' | 'lossless.webp' | 'alpha.webp'): Buffer =>
  readFileSync(join(fixturesDir, name));

export const FIXTURE_SIZE = { width: 48, height: 32 };

/** The chunks of a RIFF WebP, in order. */
export function webpChunks(file: Buffer): { fourcc: string; data: Buffer }[] {
  const chunks: { fourcc: string; data: Buffer }[] = [];
  for (let at = 12; at < file.length;) {
    const length = file.readUInt32LE(at + 4);
    chunks.push({ fourcc: file.toString('latin1', at, at + 4), data: file.subarray(at + 8, at + 8 + length) });
    at += 8 + length + (length % 2);
  }
  return chunks;
}

/** A RIFF WebP made of these chunks (pad bytes and the RIFF size computed). */
export function webpOf(chunks: { fourcc: string; data: Buffer }[]): Buffer {
  const body = Buffer.concat(
    chunks.map(({ fourcc, data }) => {
      const header = Buffer.alloc(8);
      header.write(fourcc, 0, 'latin1');
      header.writeUInt32LE(data.length, 4);
      return Buffer.concat([header, data, Buffer.alloc(data.length % 2)]);
    }),
  );
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length + 4, 4);
  riff.write('WEBP', 8, 'latin1');
  return Buffer.concat([riff, body]);
}

/** The simple-format WebP (the image chunk alone) of a Chromium WebP: the other layout encoders write. */
export function simpleWebp(file: Buffer): Buffer {
  return webpOf(webpChunks(file).filter((chunk) => chunk.fourcc === 'VP8 ' || chunk.fourcc === 'VP8L'));
}

/** One PNG chunk with its length and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeBytes = Buffer.from(type, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(typeBytes)));
  return Buffer.concat([length, typeBytes, data, crc]);
}

/** `png` with `chunk` inserted right after IHDR (8 signature bytes + 25 IHDR bytes). */
export const withPngChunk = (png: Buffer, chunk: Buffer): Buffer =>
  Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);

/** `jpeg` with a segment (marker, length, data) inserted right after SOI. */
export function withJpegSegment(jpeg: Buffer, marker: number, data: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, data, jpeg.subarray(2)]);
}

export const POLYGLOT_HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);

/** One part of a multipart body: a file when it has a filename. */
export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser sends it, and its content-type header. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----upload-test-boundary-7f3a';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The usual upload: one file in the field `file`. */
export const fileForm = (data: Buffer | string, filename = 'photo.jpg', contentType = 'image/jpeg') =>
  multipart([{ name: 'file', filename, contentType, data }]);
