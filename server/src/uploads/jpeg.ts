import { MalformedImage, type ByteReader, type ImageSize } from './byte-reader.ts';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;

/** Frame headers (baseline, extended, progressive, lossless, arithmetic); C4 DHT, C8 JPG and CC DAC are not. */
const isFrameHeader = (marker: number): boolean =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isRestart = (marker: number): boolean => marker >= 0xd0 && marker <= 0xd7;

/**
 * Walks a JPEG from SOI to EOI: every segment's length fits in the file, there is exactly one frame
 * header with a size above zero and 1-4 components, at least one scan follows it, each scan's
 * entropy-coded data ends in a marker, and nothing follows EOI. The pixel data is not decoded.
 */
export async function readJpegSize(reader: ByteReader): Promise<ImageSize> {
  const soi = await reader.bytes(2);
  if (soi[0] !== 0xff || soi[1] !== SOI) throw new MalformedImage('no SOI marker');
  let size: ImageSize | null = null;
  let scans = 0;
  for (;;) {
    const marker = await nextMarker(reader);
    if (marker === EOI) break;
    if (marker === TEM) continue;
    if (marker === SOI || marker === 0x00 || isRestart(marker))
      throw new MalformedImage(`marker ${marker.toString(16)} out of place`);
    const length = (await reader.bytes(2)).readUInt16BE(0);
    if (length < 2) throw new MalformedImage(`segment length ${length}`);
    if (isFrameHeader(marker)) {
      if (size) throw new MalformedImage('a second frame header');
      size = frameSize(await reader.bytes(length - 2));
    } else if (marker === SOS) {
      if (!size) throw new MalformedImage('a scan before the frame header');
      reader.skip(length - 2);
      await skipEntropyCodedData(reader);
      scans += 1;
    } else {
      reader.skip(length - 2);
    }
  }
  if (!size || scans === 0) throw new MalformedImage('no frame header or no scan');
  if (reader.remaining > 0) throw new MalformedImage(`${reader.remaining} bytes after EOI`);
  return size;
}

function frameSize(frame: Buffer): ImageSize {
  if (frame.length < 6) throw new MalformedImage('short frame header');
  const height = frame.readUInt16BE(1);
  const width = frame.readUInt16BE(3);
  const components = frame[5]!;
  if (components < 1 || components > 4 || frame.length < 6 + 3 * components)
    throw new MalformedImage(`frame header with ${components} components`);
  if (width === 0 || height === 0) throw new MalformedImage(`frame size ${width}x${height}`);
  return { width, height };
}

/** The marker at the current offset (0xFF, optional 0xFF fill bytes, the code). */
async function nextMarker(reader: ByteReader): Promise<number> {
  if ((await reader.bytes(1))[0] !== 0xff) throw new MalformedImage(`no marker at byte ${reader.position - 1}`);
  let code = (await reader.bytes(1))[0]!;
  while (code === 0xff) code = (await reader.bytes(1))[0]!;
  return code;
}

/**
 * Moves past a scan's entropy-coded data to the 0xFF of the marker that ends it. Stuffed bytes
 * (FF 00) and restart markers (FF D0-D7) belong to the data.
 */
async function skipEntropyCodedData(reader: ByteReader): Promise<void> {
  for (;;) {
    const view = await reader.peek(2);
    if (view.length < 2) throw new MalformedImage('the scan data runs to the end of the file');
    const at = view.indexOf(0xff);
    if (at === -1) {
      reader.skip(view.length);
    } else if (at === view.length - 1) {
      reader.skip(at);
    } else {
      const next = view[at + 1]!;
      if (next === 0x00 || isRestart(next)) reader.skip(at + 2);
      else if (next === 0xff) reader.skip(at + 1);
      else {
        reader.skip(at);
        return;
      }
    }
  }
}
