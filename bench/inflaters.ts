/**
 * The inflate paths the market worker's own (fflate's gunzip, workers/market/transport/inflate.ts) is
 * timed against (docs/performance.md#decode): the browser's `DecompressionStream`, which answers
 * later and so hands its texts on through {@link OrderedInflate}, and pako, synchronous. The bench's
 * only; the app does not ship them.
 */

/** Inflates one gzip frame to its text, at once or later. Throws or rejects for bytes that are not gzip. */
export type FrameInflater = (bytes: Uint8Array) => string | Promise<string>;

/** The part of pako timed: bytes out (pako 3 returns bytes unless asked for text). */
export interface PakoLike {
  inflate(data: Uint8Array): Uint8Array;
}

const utf8 = new TextDecoder();

/**
 * The runtime's own gzip, or null where `DecompressionStream` does not exist. The bytes are written
 * straight into the stream and its chunks read back: no Blob or Response, whose registry and body
 * machinery cost more than the inflating itself at 250 frames a second.
 */
export function nativeInflater(): FrameInflater | null {
  if (typeof DecompressionStream !== 'function') return null;
  return async (bytes) => {
    const stream = new DecompressionStream('gzip');
    const writer = stream.writable.getWriter();
    // A bad frame rejects these too; the reader below reports it once.
    writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
    writer.close().catch(() => undefined);
    const reader = stream.readable.getReader();
    const chunks: Uint8Array[] = [];
    let length = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
    if (chunks.length === 1) return utf8.decode(chunks[0]);
    const whole = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    return utf8.decode(whole);
  };
}

/** pako's inflate with the native UTF-8 decoder (faster than pako's own text output); synchronous. */
export function pakoInflater(pako: PakoLike): (bytes: Uint8Array) => string {
  return (bytes) => utf8.decode(pako.inflate(bytes));
}

/** What became of one frame. */
export type Inflated = { text: string } | { error: string };

interface Slot {
  result?: Inflated;
}

const failure = (error: unknown): Inflated => ({
  error: `bad gzip: ${error instanceof Error ? error.message : String(error)}`,
});

/**
 * Inflates frames as they arrive, several at a time, and delivers each result in arrival order: a
 * large frame that takes longer is never overtaken by a small one after it. When the inflater
 * answers at once and nothing is waiting, the result is delivered at once.
 */
export class OrderedInflate {
  private queue: Slot[] = [];

  constructor(
    private readonly inflate: FrameInflater,
    private readonly deliver: (result: Inflated) => void,
  ) {}

  /** Frames still being inflated. */
  get pending(): number {
    return this.queue.length;
  }

  /** A binary frame. */
  push(bytes: Uint8Array): void {
    let out: string | Promise<string>;
    try {
      out = this.inflate(bytes);
    } catch (error) {
      return this.settle(failure(error));
    }
    if (typeof out === 'string') return this.settle({ text: out });
    const slot: Slot = {};
    const queue = this.queue;
    queue.push(slot);
    out
      .then(
        (text) => (slot.result = { text }),
        (error: unknown) => (slot.result = failure(error)),
      )
      .then(() => {
        // A slot of a cleared queue (its socket is gone) is dropped with that queue.
        if (queue === this.queue) this.flush();
      });
  }

  /** A frame that needs no inflating (a text frame), in its place in the order. */
  pushText(text: string): void {
    this.settle({ text });
  }

  /** Forgets the frames still being inflated: the socket they came from is gone. */
  clear(): void {
    this.queue = [];
  }

  private settle(result: Inflated): void {
    if (this.queue.length === 0) return this.deliver(result);
    this.queue.push({ result });
  }

  private flush(): void {
    while (this.queue[0]?.result) {
      const { result } = this.queue.shift() as Required<Slot>;
      this.deliver(result);
    }
  }
}
