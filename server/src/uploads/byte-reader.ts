import type { FileHandle } from 'node:fs/promises';

/** The image's structure is broken: truncated, a length that runs past the end, a bad checksum … */
export class MalformedImage extends Error {}

/** An image's size in pixels, as each format's reader (jpeg.ts, png.ts, webp.ts) finds it. */
export interface ImageSize {
  width: number;
  height: number;
}

const WINDOW_BYTES = 64 * 1024;

/**
 * Reads a file front to back for the format checks, holding at most one 64 KiB window in memory
 * however large the file is. Every read past the end of the file throws MalformedImage, so a
 * truncated image fails wherever it is cut.
 */
export class ByteReader {
  private window = Buffer.alloc(0);
  private windowStart = 0;
  private pos = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  static async open(handle: FileHandle): Promise<ByteReader> {
    return new ByteReader(handle, (await handle.stat()).size);
  }

  /** The current offset from the start of the file. */
  get position(): number {
    return this.pos;
  }

  get remaining(): number {
    return this.size - this.pos;
  }

  /** The next `count` bytes, consumed (headers and segment fields; long runs are skipped or peeked). */
  async bytes(count: number): Promise<Buffer> {
    const view = await this.peek(count);
    if (view.length < count) throw new MalformedImage(`truncated at byte ${this.pos + view.length}`);
    this.pos += count;
    return view.subarray(0, count);
  }

  async u8(): Promise<number> {
    return (await this.bytes(1))[0]!;
  }

  /** Moves on by `count` bytes without reading them. */
  skip(count: number): void {
    if (count < 0 || count > this.remaining)
      throw new MalformedImage(`a length of ${count} at byte ${this.pos} runs past the end`);
    this.pos += count;
  }

  /**
   * Up to 64 KiB from the current offset, not consumed: at least `min` bytes unless the file ends
   * sooner (then all that is left, possibly nothing).
   */
  async peek(min = 1): Promise<Buffer> {
    const want = Math.min(min, this.remaining);
    const offset = this.pos - this.windowStart;
    const cached = offset >= 0 && offset <= this.window.length ? this.window.subarray(offset) : Buffer.alloc(0);
    if (cached.length >= want) return cached;
    const length = Math.min(Math.max(WINDOW_BYTES, min), this.remaining);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, this.pos);
    this.window = buffer.subarray(0, bytesRead);
    this.windowStart = this.pos;
    return this.window;
  }
}
