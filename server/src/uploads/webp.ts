import { MalformedImage, type ByteReader, type ImageSize } from './byte-reader.ts';

const IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L']);
const ANIMATION_CHUNKS = new Set(['ANIM', 'ANMF']);
/** VP8X flag bit for an animation. */
const ANIMATION_FLAG = 0x02;

/**
 * Walks a still WebP (RIFF container, Google's "WebP Container Specification"): the RIFF size equals
 * the file's, every chunk (and its pad byte) fits, the first chunk is VP8, VP8L or VP8X, exactly one
 * image chunk with a valid bitstream header and a size above zero, and the VP8X canvas (when present)
 * matches it. Animated WebP is refused: an identity document or a receipt is a still picture.
 */
export async function readWebpSize(reader: ByteReader): Promise<ImageSize> {
  const riff = await reader.bytes(12);
  if (riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WEBP')
    throw new MalformedImage('no RIFF WEBP header');
  if (riff.readUInt32LE(4) !== reader.size - 8) throw new MalformedImage('the RIFF size does not match the file');
  let canvas: ImageSize | null = null;
  let image: ImageSize | null = null;
  for (let first = true; reader.remaining > 0; first = false) {
    const header = await reader.bytes(8);
    const fourcc = header.toString('latin1', 0, 4);
    const length = header.readUInt32LE(4);
    if (first && fourcc !== 'VP8X' && !IMAGE_CHUNKS.has(fourcc)) throw new MalformedImage(`first chunk ${fourcc}`);
    if (ANIMATION_CHUNKS.has(fourcc)) throw new MalformedImage('animated WebP');
    if (fourcc === 'VP8X') {
      if (!first || length !== 10) throw new MalformedImage('VP8X must be the first chunk, of 10 bytes');
      canvas = extendedCanvas(await reader.bytes(length));
    } else if (IMAGE_CHUNKS.has(fourcc)) {
      if (image) throw new MalformedImage('a second image chunk');
      const head = await reader.bytes(Math.min(length, 10));
      image = fourcc === 'VP8L' ? losslessSize(head) : lossySize(head, length);
      reader.skip(length - head.length);
    } else {
      reader.skip(length);
    }
    if (length % 2 === 1) reader.skip(1);
  }
  if (!image) throw new MalformedImage('no image chunk');
  if (canvas && (canvas.width !== image.width || canvas.height !== image.height))
    throw new MalformedImage('the canvas and the image differ in size');
  return image;
}

function extendedCanvas(data: Buffer): ImageSize {
  if (data[0]! & ANIMATION_FLAG) throw new MalformedImage('animated WebP');
  return { width: data.readUIntLE(4, 3) + 1, height: data.readUIntLE(7, 3) + 1 };
}

/** VP8 key frame header: frame tag, start code 9D 01 2A, 14-bit width and height. */
function lossySize(head: Buffer, length: number): ImageSize {
  if (head.length < 10) throw new MalformedImage('short VP8 chunk');
  const tag = head.readUIntLE(0, 3);
  const keyFrame = (tag & 1) === 0;
  const version = (tag >> 1) & 7;
  const firstPartition = tag >>> 5;
  if (!keyFrame || version > 3 || firstPartition > length - 10) throw new MalformedImage('bad VP8 frame tag');
  if (head[3] !== 0x9d || head[4] !== 0x01 || head[5] !== 0x2a) throw new MalformedImage('no VP8 start code');
  const width = head.readUInt16LE(6) & 0x3fff;
  const height = head.readUInt16LE(8) & 0x3fff;
  if (width === 0 || height === 0) throw new MalformedImage(`VP8 size ${width}x${height}`);
  return { width, height };
}

/** VP8L header: signature 0x2F, then width-1 and height-1 in 14 bits each, alpha, a 3-bit version 0. */
function losslessSize(head: Buffer): ImageSize {
  if (head.length < 5 || head[0] !== 0x2f) throw new MalformedImage('no VP8L signature');
  const bits = head.readUInt32LE(1);
  if (bits >>> 29 !== 0) throw new MalformedImage('unknown VP8L version');
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}
