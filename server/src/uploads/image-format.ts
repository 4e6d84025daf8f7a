import { open } from 'node:fs/promises';
import type { UploadMimeType } from '../db/repositories/upload-repository.ts';
import { ByteReader, MalformedImage, type ImageSize } from './byte-reader.ts';
import { readJpegSize } from './jpeg.ts';
import { readPngSize } from './png.ts';
import { readWebpSize } from './webp.ts';

export { MalformedImage, type ImageSize } from './byte-reader.ts';

/** An image format the server accepts: how its first bytes look and how its structure is checked. */
export interface ImageFormat {
  mimeType: UploadMimeType;
  /** The extension of the stored file (the client's own name is never used). */
  extension: 'jpg' | 'png' | 'webp';
  /** True when the file's first bytes (at least SNIFF_BYTES of them, when the file has that many) announce this format. */
  matches(head: Buffer): boolean;
  /** Walks the whole file; throws MalformedImage when its structure is broken. */
  readSize(reader: ByteReader): Promise<ImageSize>;
}

/** How many leading bytes decide the format (WebP's RIFF header is the longest). */
export const SNIFF_BYTES = 12;

const startsWith = (head: Buffer, bytes: readonly number[]): boolean =>
  head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);

/** JPEG, PNG and WebP, decided by their bytes alone (never by the file name or the declared type). */
export const IMAGE_FORMATS: readonly ImageFormat[] = [
  {
    mimeType: 'image/jpeg',
    extension: 'jpg',
    matches: (head) => startsWith(head, [0xff, 0xd8, 0xff]),
    readSize: readJpegSize,
  },
  {
    mimeType: 'image/png',
    extension: 'png',
    matches: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    readSize: readPngSize,
  },
  {
    mimeType: 'image/webp',
    extension: 'webp',
    matches: (head) =>
      head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP',
    readSize: readWebpSize,
  },
];

/** The format the first bytes announce, or null for anything else (SVG, HTML, PDF, a script …). */
export function sniffFormat(head: Buffer): ImageFormat | null {
  return IMAGE_FORMATS.find((format) => format.matches(head)) ?? null;
}

/** Checks the structure of the file at `path` as `format`; its size, or MalformedImage. */
export async function checkImageFile(path: string, format: ImageFormat): Promise<ImageSize> {
  const handle = await open(path, 'r');
  try {
    return await format.readSize(await ByteReader.open(handle));
  } finally {
    await handle.close();
  }
}

export const isMalformed = (error: unknown): error is MalformedImage => error instanceof MalformedImage;
