import { createWriteStream } from 'node:fs';
import WebSocket, { type RawData } from 'ws';
import { decodeFrame } from '../frame.ts';
import {
  CLIENT_TO_SERVER,
  CONNECT,
  SERVER_TO_CLIENT,
  formatTranscriptLine,
  type TranscriptLine,
} from './transcript.ts';

export interface RecordOptions {
  /** Any HTX-compatible market socket, e.g. `wss://api.huobi.pro/ws` or `ws://localhost:8080/ws`. */
  url: string;
  /** The transcript file to write (newline-delimited JSON). */
  out: string;
  topics: readonly string[];
  /** Stop after this many seconds; without it, only `signal` stops the recording. */
  seconds?: number;
  signal?: AbortSignal;
}

export interface RecordResult {
  lines: number;
  pushes: number;
  /** Why the recording ended. */
  reason: 'time' | 'aborted' | 'closed';
}

/** Epoch seconds with sub-millisecond fraction, like the capture's `t`. */
const nowSeconds = (): number => (performance.timeOrigin + performance.now()) / 1000;

/**
 * Records a live session in the transcript format the replay reads: subscribes to `topics`, answers
 * every ping, asks for the snapshot of each mbp topic after its ack (so a replay can rebuild the
 * book), and writes every frame both ways with its time.
 */
export function recordSession(options: RecordOptions): Promise<RecordResult> {
  const out = createWriteStream(options.out, { flags: 'w' });
  let lines = 0;
  let pushes = 0;
  const write = (line: TranscriptLine): void => {
    out.write(formatTranscriptLine(line));
    lines++;
  };

  return new Promise<RecordResult>((resolve, reject) => {
    const socket = new WebSocket(options.url);
    let reason: RecordResult['reason'] = 'closed';
    let timer: NodeJS.Timeout | undefined;
    const send = (text: string): void => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(text);
      write({ dir: CLIENT_TO_SERVER, t: nowSeconds(), opcode: 'text', frame: text });
    };
    const stop = (why: RecordResult['reason']): void => {
      reason = why;
      if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(1000);
    };
    const onAbort = (): void => stop('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const pendingSnapshots: string[] = [];
    let snapshotTimer: NodeJS.Timeout | undefined;
    // Requests on one connection must be 100 ms apart (the HTX rate limit).
    const requestNextSnapshot = (): void => {
      if (snapshotTimer || pendingSnapshots.length === 0) return;
      send(JSON.stringify({ req: pendingSnapshots.shift(), id: `snapshot-${lines}` }));
      snapshotTimer = setTimeout(() => {
        snapshotTimer = undefined;
        requestNextSnapshot();
      }, 150);
    };

    socket.on('open', () => {
      write({ dir: CONNECT, t: nowSeconds(), url: options.url });
      options.topics.forEach((topic, index) => send(JSON.stringify({ sub: topic, id: index + 1 })));
      if (options.seconds !== undefined) timer = setTimeout(() => stop('time'), options.seconds * 1000);
    });

    socket.on('message', (raw: RawData, isBinary: boolean) => {
      const t = nowSeconds();
      const bytes = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
      let text: string;
      let opcode = 'binary(gzip)';
      try {
        text = isBinary ? decodeFrame(bytes) : bytes.toString('utf8');
        if (!isBinary) opcode = 'text';
      } catch {
        write({ dir: SERVER_TO_CLIENT, t, opcode: 'binary(raw-base64)', frame: bytes.toString('base64') });
        return;
      }
      write({ dir: SERVER_TO_CLIENT, t, opcode, frame: text });
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return;
      }
      if ('ping' in message) send(`{"pong":${JSON.stringify(message.ping)}}`);
      else if ('ch' in message) pushes++;
      else if (typeof message.subbed === 'string' && /\.mbp\.\d+$/.test(message.subbed)) {
        pendingSnapshots.push(message.subbed);
        requestNextSnapshot();
      }
    });

    socket.on('error', (error) => {
      if (lines === 0) reject(error);
    });

    socket.on('close', () => {
      if (timer) clearTimeout(timer);
      if (snapshotTimer) clearTimeout(snapshotTimer);
      options.signal?.removeEventListener('abort', onAbort);
      out.end(() => resolve({ lines, pushes, reason }));
    });
  });
}
