import { crc32 } from 'node:zlib';
import { MalformedImage, type ByteReader, type ImageSize } from './byte-reader.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Allowed bit depths per colour type (PNG specification, section 11.2.2). */
const BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const CRITICAL_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);
const MAX_LENGTH = 0x7fffffff;

/**
 * Walks a PNG's chunks: the signature, IHDR first with a size above zero and a valid colour type and
 * bit depth, every chunk's length inside the file and its CRC right, no unknown critical chunk, at
 * least one IDAT, and IEND as the last bytes of the file. The compressed pixel data is not inflated.
 */
export async function readPngSize(reader: ByteReader): Promise<ImageSize> {
  if (!(await reader.bytes(8)).equals(SIGNATURE)) throw new MalformedImage('no PNG signature');
  let size: ImageSize | null = null;
  let dataChunks = 0;
  for (;;) {
    const header = await reader.bytes(8);
    const length = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (length > MAX_LENGTH || !/^[A-Za-z]{4}$/.test(type))
      throw new MalformedImage(`bad chunk header at byte ${reader.position - 8}`);
    if ((size === null) !== (type === 'IHDR')) throw new MalformedImage('IHDR must come first, and once');
    let crc = crc32(header.subarray(4, 8));
    if (type === 'IHDR') {
      if (length !== 13) throw new MalformedImage(`IHDR of ${length} bytes`);
      const data = await reader.bytes(length);
      size = headerSize(data);
      crc = crc32(data, crc);
    } else {
      crc = await crcOfSkipped(reader, length, crc);
    }
    if ((await reader.bytes(4)).readUInt32BE(0) !== crc) throw new MalformedImage(`bad CRC in ${type}`);
    if (type === 'IEND') break;
    if (type === 'IDAT') dataChunks += 1;
    else if (type[0]! <= 'Z' && !CRITICAL_CHUNKS.has(type)) throw new MalformedImage(`unknown critical chunk ${type}`);
  }
  if (!size || dataChunks === 0) throw new MalformedImage('no image data');
  if (reader.remaining > 0) throw new MalformedImage(`${reader.remaining} bytes after IEND`);
  return size;
}

function headerSize(data: Buffer): ImageSize {
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  const [bitDepth, colourType, compression, filter, interlace] = data.subarray(8);
  if (width === 0 || height === 0 || width > MAX_LENGTH || height > MAX_LENGTH)
    throw new MalformedImage(`size ${width}x${height}`);
  if (!BIT_DEPTHS[colourType!]?.includes(bitDepth!) || compression !== 0 || filter !== 0 || interlace! > 1)
    throw new MalformedImage('bad IHDR fields');
  return { width, height };
}

/** Skips `length` bytes, folding them into the running CRC a window at a time. */
async function crcOfSkipped(reader: ByteReader, length: number, start: number): Promise<number> {
  let crc = start;
  for (let left = length; left > 0;) {
    const view = await reader.peek();
    if (view.length === 0) throw new MalformedImage('a chunk runs past the end');
    const part = view.subarray(0, Math.min(left, view.length));
    crc = crc32(part, crc);
    reader.skip(part.length);
    left -= part.length;
  }
  return crc;
}
