/**
 * Records what the engine receives and sends into IndexedDB, and exports it in the transcript
 * format (transcript.ts) so a QA session can be replayed with `?replay=`. Lines are buffered and
 * written in one transaction at most every half second, never one per frame.
 */
import { CLIENT_OPCODE, formatTranscript, SERVER_OPCODE, type TranscriptLine } from './transcript.ts';

/**
 * What the feed reports while recording: a socket opened, or a frame either way. The recorder adds the
 * opcode a frame's direction has in the transcript, so the feed never loads the transcript format.
 */
export type RecordedEvent =
  { dir: 'connect'; t: number; url: string } | { dir: 'client->server' | 'server->client'; t: number; frame: string };

/** Anything that takes recorded events (the engine calls it for every frame when recording). */
export interface FrameRecorder {
  record(event: RecordedEvent): void;
}

function transcriptLine(event: RecordedEvent): TranscriptLine {
  if (event.dir === 'connect') return event;
  return { ...event, opcode: event.dir === 'server->client' ? SERVER_OPCODE : CLIENT_OPCODE };
}

const DB_NAME = 'market-recordings';
const STORE = 'lines';
const WRITE_EVERY_MS = 500;

interface StoredLine {
  session: string;
  line: TranscriptLine;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export class IndexedDbRecorder implements FrameRecorder {
  private buffer: StoredLine[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly db: IDBDatabase,
    /** This recording's id; every line carries it so several recordings can share the store. */
    readonly session: string,
  ) {}

  /** Opens (or creates) the recordings database and starts a new recording. */
  static async open(factory: IDBFactory = indexedDB, session = new Date().toISOString()): Promise<IndexedDbRecorder> {
    const request = factory.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { autoIncrement: true });
      store.createIndex('session', 'session');
    };
    return new IndexedDbRecorder(await promised(request), session);
  }

  record(event: RecordedEvent): void {
    this.buffer.push({ session: this.session, line: transcriptLine(event) });
    if (this.timer === undefined) this.timer = setTimeout(() => void this.flush(), WRITE_EVERY_MS);
  }

  /** Writes what is buffered. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      const transaction = this.db.transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      for (const row of batch) store.add(row);
      await done(transaction);
    });
    return this.writing;
  }

  /** This recording as NDJSON, in the order it happened. */
  async exportNdjson(): Promise<string> {
    await this.flush();
    const transaction = this.db.transaction(STORE, 'readonly');
    const rows = await promised(
      transaction.objectStore(STORE).index('session').getAll(this.session) as IDBRequest<StoredLine[]>,
    );
    return formatTranscript(rows.map((row) => row.line));
  }

  /** Writes the rest and closes the database. */
  async close(): Promise<void> {
    await this.flush();
    this.db.close();
  }
}
