import { readFileSync } from 'node:fs';

/**
 * One line of a recorded session (newline-delimited JSON), the format of the real capture
 * `ws/live-session-2021-04-17/transcript.decoded.jsonl` and of our recorder:
 *   {"dir":"connect","t":<epoch s>,"url":"wss://…/ws"}
 *   {"dir":"client->server","t":…,"opcode":"text","frame":"{\"sub\":…}"}
 *   {"dir":"server->client","t":…,"opcode":"binary(gzip)","frame":"<the inflated JSON text>"}
 * `t` is epoch seconds with a fraction; `frame` is the message text exactly as sent or inflated.
 */
export interface TranscriptLine {
  dir: string;
  t: number;
  opcode?: string;
  frame?: string;
  url?: string;
}

export const SERVER_TO_CLIENT = 'server->client';
export const CLIENT_TO_SERVER = 'client->server';
export const CONNECT = 'connect';

/** Parses a transcript; blank lines are skipped, anything else that is not a line object throws with its number. */
export function parseTranscript(text: string): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`transcript line ${index + 1}: not JSON`);
    }
    const record = value as Partial<TranscriptLine> | null;
    if (!record || typeof record.dir !== 'string' || typeof record.t !== 'number') {
      throw new Error(`transcript line ${index + 1}: needs "dir" and a numeric "t"`);
    }
    if (record.frame !== undefined && typeof record.frame !== 'string')
      throw new Error(`transcript line ${index + 1}: "frame" must be a string`);
    lines.push(record as TranscriptLine);
  });
  return lines;
}

export function readTranscript(file: string): TranscriptLine[] {
  return parseTranscript(readFileSync(file, 'utf8'));
}

/** One line of output, keys in the capture's order. */
export function formatTranscriptLine(line: TranscriptLine): string {
  const ordered: TranscriptLine = { dir: line.dir, t: line.t };
  if (line.url !== undefined) ordered.url = line.url;
  if (line.opcode !== undefined) ordered.opcode = line.opcode;
  if (line.frame !== undefined) ordered.frame = line.frame;
  return `${JSON.stringify(ordered)}\n`;
}
