import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImageFile, MalformedImage, sniffFormat, type ImageSize } from '../image-format.ts';
import {
  fixture,
  FIXTURE_SIZE,
  pngChunk,
  simpleWebp,
  SVG,
  webpChunks,
  webpOf,
  withJpegSegment,
  withPngChunk,
} from './upload-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'image-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** Sniffs `bytes` and walks them from a real file, as the store does. */
async function check(bytes: Buffer): Promise<ImageSize> {
  const format = sniffFormat(bytes.subarray(0, 12));
  if (!format) throw new Error('not sniffed as an image');
  const path = join(dir, `f${files++}`);
  writeFileSync(path, bytes);
  return checkImageFile(path, format);
}

const jpeg = fixture('photo.jpg');
const png = fixture('photo.png');
const webps = { lossy: fixture('lossy.webp'), lossless: fixture('lossless.webp'), alpha: fixture('alpha.webp') };

describe('sniffing the format from the first bytes', () => {
  it('names JPEG, PNG and WebP by their magic numbers', () => {
    expect(sniffFormat(jpeg)?.mimeType).toBe('image/jpeg');
    expect(sniffFormat(png)?.mimeType).toBe('image/png');
    for (const webp of Object.values(webps)) expect(sniffFormat(webp)?.mimeType).toBe('image/webp');
  });

  it('names nothing else: SVG, HTML, GIF, PDF, a RIFF that is not WebP', () => {
    for (const text of [
      SVG.toString(),
      '<!DOCTYPE html><html></html>',
      'GIF89a\x01\x00\x01\x00',
      '%PDF-1.7\n',
      'RIFF\x00\x00\x00\x00WAVEfmt ',
    ]) {
      expect(sniffFormat(Buffer.from(text, 'latin1')), text).toBeNull();
    }
  });
});

describe('accepted images', () => {
  it('reads the size of a JPEG, a PNG and every WebP layout Chromium and other encoders write', async () => {
    expect(await check(jpeg)).toEqual(FIXTURE_SIZE);
    expect(await check(png)).toEqual(FIXTURE_SIZE);
    for (const webp of Object.values(webps)) {
      expect(await check(webp)).toEqual(FIXTURE_SIZE);
      expect(await check(simpleWebp(webp))).toEqual(FIXTURE_SIZE);
    }
  });

  it('accepts metadata it does not need: a JPEG comment, a PNG text chunk, an unknown WebP chunk', async () => {
    expect(await check(withJpegSegment(jpeg, 0xfe, Buffer.from('taken on a phone')))).toEqual(FIXTURE_SIZE);
    expect(await check(withPngChunk(png, pngChunk('tEXt', Buffer.from('Comment\0taken on a phone'))))).toEqual(
      FIXTURE_SIZE,
    );
    const chunks = webpChunks(webps.lossy);
    expect(await check(webpOf([...chunks, { fourcc: 'XTRA', data: Buffer.from('odd') }]))).toEqual(FIXTURE_SIZE);
  });

  it('walks a large file a window at a time (a comment segment longer than one 64 KiB window)', async () => {
    const comments = Array.from({ length: 4 }, () =>
      withJpegSegment(Buffer.from([0xff, 0xd8]), 0xfe, Buffer.alloc(60_000, 0x20)).subarray(2),
    );
    const big = Buffer.concat([jpeg.subarray(0, 2), ...comments, jpeg.subarray(2)]);
    expect(big.length).toBeGreaterThan(3 * 64 * 1024);
    expect(await check(big)).toEqual(FIXTURE_SIZE);
  });
});

describe('refused as malformed', () => {
  const cases: [string, Buffer][] = [
    ['a JPEG without its end marker', jpeg.subarray(0, jpeg.length - 2)],
    ['a JPEG with bytes after its end', Buffer.concat([jpeg, Buffer.from('trailing')])],
    [
      'a JPEG segment whose length runs past the end',
      Buffer.concat([jpeg.subarray(0, 4), Buffer.from([0xff, 0xff]), jpeg.subarray(6)]),
    ],
    ['a JPEG with a zero-height frame', zeroJpegHeight(jpeg)],
    [
      'a JPEG without a scan',
      Buffer.concat([jpeg.subarray(0, jpeg.indexOf(Buffer.from([0xff, 0xda]))), Buffer.from([0xff, 0xd9])]),
    ],
    ['a PNG whose image data does not match its CRC', flipByte(png, png.indexOf('IDAT') + 10)],
    ['a PNG without IEND', png.subarray(0, png.length - 12)],
    ['a PNG with bytes after IEND', Buffer.concat([png, Buffer.from('trailing')])],
    ['a PNG with an unknown critical chunk', withPngChunk(png, pngChunk('ZZZZ', Buffer.from('x')))],
    ['a WebP whose RIFF size is not the file size', Buffer.concat([webps.lossy, Buffer.alloc(2)])],
    ['an animated WebP', animated(webps.lossy)],
    ['a WebP whose canvas and image differ', resizedCanvas(webps.lossy)],
    ['a WebP with a broken VP8 start code', brokenStartCode(webps.lossy)],
  ];
  it.each(cases)('%s', async (_name, bytes) => {
    await expect(check(bytes)).rejects.toBeInstanceOf(MalformedImage);
  });

  it('every truncation of every fixture', async () => {
    for (const image of [jpeg, png, ...Object.values(webps)]) {
      for (const keep of [12, 20, 40, Math.floor(image.length / 2), image.length - 5, image.length - 1]) {
        await expect(
          check(image.subarray(0, keep)),
          `${sniffFormat(image)?.extension} cut to ${keep}`,
        ).rejects.toBeInstanceOf(MalformedImage);
      }
    }
  });
});

function flipByte(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

function zeroJpegHeight(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  const sof = copy.indexOf(Buffer.from([0xff, 0xc0]));
  copy.writeUInt16BE(0, sof + 5);
  return copy;
}

function animated(webp: Buffer): Buffer {
  const chunks = webpChunks(webp).map((chunk) => ({ ...chunk, data: Buffer.from(chunk.data) }));
  chunks[0]!.data[0] = chunks[0]!.data[0]! | 0x02;
  return webpOf(chunks);
}

function resizedCanvas(webp: Buffer): Buffer {
  const chunks = webpChunks(webp).map((chunk) => ({ ...chunk, data: Buffer.from(chunk.data) }));
  chunks[0]!.data.writeUIntLE(99, 4, 3);
  return webpOf(chunks);
}

function brokenStartCode(webp: Buffer): Buffer {
  const chunks = webpChunks(webp).map((chunk) => ({ ...chunk, data: Buffer.from(chunk.data) }));
  chunks.find((chunk) => chunk.fourcc === 'VP8 ')!.data[3] = 0;
  return webpOf(chunks);
}
