import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadRepository, UploadRow } from '../db/repositories/upload-repository.ts';
import {
  checkImageFile,
  isMalformed,
  sniffFormat,
  SNIFF_BYTES,
  type ImageFormat,
  type ImageSize,
} from './image-format.ts';
import { MarkupScanner } from './markup-scan.ts';

/** Why an upload was refused; the route turns each into a message in the caller's language. */
export type UploadRefusalReason = 'empty' | 'tooLarge' | 'type' | 'markup' | 'malformed' | 'dimensions' | 'quota';

export class UploadRefused extends Error {
  constructor(readonly reason: UploadRefusalReason) {
    super(`upload refused: ${reason}`);
  }
}

/** Largest width or height accepted (WebP's own limit is 16383; a 200 MP phone photo is 16320 wide). */
export const MAX_IMAGE_SIDE = 16_384;
const HOUR_MS = 3_600_000;

export interface UploadStoreOptions {
  /** DATA_DIR/uploads. Partial files are written to its `incoming/` folder first. */
  dir: string;
  /** UPLOAD_MAX_MB in bytes: a file of exactly this size is accepted, one byte more is not. */
  maxBytes: number;
  /** Uploads one user may make within any hour (protects the disk from one account). */
  maxPerHour: number;
  now: () => number;
}

/** The stored file name: 128 random bits, so a name cannot be guessed or enumerated. */
const randomName = (extension: string): string => `${randomBytes(16).toString('hex')}.${extension}`;

/** UPLOAD_MAX_MB in bytes. */
export const maxUploadBytes = (uploadMaxMb: number): number => Math.floor(uploadMaxMb * 1024 * 1024);

/** The path of DATA_DIR/uploads. */
export const uploadsDir = (dataDir: string): string => join(dataDir, 'uploads');

/** A file that passed every check, still in `incoming/`: commit it once the request is known to be good, or discard it. */
export interface ReceivedImage {
  userId: number;
  partial: string;
  format: ImageFormat;
  bytes: number;
  size: ImageSize;
}

/**
 * Stores uploaded images under DATA_DIR/uploads. `receive` streams a file to `incoming/` while its
 * size is counted, its first bytes name its format and every byte is scanned for markup, then walks
 * its structure from disk; `commit` moves an image that passed everything to its random name and
 * records it with its owner. Whatever fails, the partial file is removed; at most one 64 KiB chunk
 * is ever in memory.
 */
export class UploadStore {
  private readonly incoming: string;

  constructor(
    private readonly uploads: UploadRepository,
    private readonly options: UploadStoreOptions,
  ) {
    this.incoming = join(options.dir, 'incoming');
    mkdirSync(this.incoming, { recursive: true, mode: 0o700 });
    // Left by a server stopped in the middle of an upload; no request owns them any more.
    for (const name of readdirSync(this.incoming)) rmSync(join(this.incoming, name), { force: true });
  }

  /** Where the stored file `name` lives on disk. */
  pathOf(name: string): string {
    return join(this.options.dir, name);
  }

  /** Reads `source` to its end (or to the first refusal) and checks it; throws UploadRefused. */
  async receive(userId: number, source: Readable): Promise<ReceivedImage> {
    if (this.uploads.countSince(userId, this.options.now() - HOUR_MS) >= this.options.maxPerHour)
      throw new UploadRefused('quota');
    const partial = join(this.incoming, `${randomBytes(16).toString('hex')}.part`);
    const inspector = new UploadInspector(this.options.maxBytes);
    const file = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(source, inspector, file);
      const format = inspector.format();
      const size = await checkImageFile(partial, format).catch((error: unknown) => {
        throw isMalformed(error) ? new UploadRefused('malformed') : error;
      });
      if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) throw new UploadRefused('dimensions');
      return { userId, partial, format, bytes: inspector.bytes, size };
    } catch (error) {
      // A refusal can come before the file stream has opened its file (an open waits for a free I/O
      // thread), and that open would create the file after the removal: wait until it has closed.
      if (!file.closed) await new Promise((closed) => file.once('close', closed));
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** Moves a received image to its random name and records it: from here on it is its owner's upload. */
  async commit(image: ReceivedImage): Promise<UploadRow> {
    const name = randomName(image.format.extension);
    const stored = this.pathOf(name);
    try {
      await rename(image.partial, stored);
      return this.uploads.add({
        user_id: image.userId,
        name,
        mime_type: image.format.mimeType,
        size: image.bytes,
        ...image.size,
        created_at: this.options.now(),
      });
    } catch (error) {
      await Promise.all([rm(image.partial, { force: true }), rm(stored, { force: true })]);
      throw error;
    }
  }

  /** Removes a received image that will not be committed. */
  async discard(image: ReceivedImage): Promise<void> {
    await rm(image.partial, { force: true });
  }
}

/**
 * The pass-through every uploaded byte goes through on its way to disk: counts bytes against the
 * limit, decides the format from the first SNIFF_BYTES, and scans for markup. It fails the stream
 * at the first problem, so a refused file is not read further.
 */
class UploadInspector extends Transform {
  bytes = 0;
  private head = Buffer.alloc(0);
  private sniffed: ImageFormat | null = null;
  private readonly scanner = new MarkupScanner();

  constructor(private readonly maxBytes: number) {
    super();
  }

  /** The format the file's first bytes announced (valid once the stream has finished). */
  format(): ImageFormat {
    if (!this.sniffed) throw new UploadRefused('type');
    return this.sniffed;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new UploadRefused('tooLarge'));
    if (this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length === SNIFF_BYTES && !this.sniff()) return callback(new UploadRefused('type'));
    }
    if (this.scanner.push(chunk)) return callback(new UploadRefused('markup'));
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes === 0) return callback(new UploadRefused('empty'));
    // A file shorter than SNIFF_BYTES may still begin like a JPEG or PNG; its structure check refuses it.
    if (this.head.length < SNIFF_BYTES && !this.sniff()) return callback(new UploadRefused('type'));
    callback();
  }

  private sniff(): boolean {
    this.sniffed = sniffFormat(this.head);
    return this.sniffed !== null;
  }
}
