/**
 * The recorded-session format shared with the feed's replay (fixtures/huobi/ws/live-session-*
 * `transcript.decoded.jsonl`): newline-delimited JSON, one line per event,
 * `{dir, t, opcode, frame}` with `t` in epoch seconds and `frame` the inflated text.
 */

export type TranscriptLine =
  | { dir: 'connect'; t: number; url: string }
  | { dir: 'client->server'; t: number; opcode: string; frame: string }
  | { dir: 'server->client'; t: number; opcode: string; frame: string };

/** Server frames arrive as gzip binary frames; the transcript stores their inflated text. */
export const SERVER_OPCODE = 'binary(gzip)';
export const CLIENT_OPCODE = 'text';

/** Thrown for a transcript line that cannot be read; names the line. */
export class TranscriptError extends Error {}

/** Reads a transcript. Blank lines are skipped; anything else malformed is an error naming its line. */
export function parseTranscript(ndjson: string): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  const rows = ndjson.split('\n');
  for (let n = 0; n < rows.length; n++) {
    const row = (rows[n] as string).trim();
    if (row === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(row);
    } catch {
      throw new TranscriptError(`transcript line ${n + 1} is not JSON`);
    }
    const line = value as Partial<Record<'dir' | 'opcode' | 'frame' | 'url', unknown>> & { t?: unknown };
    if (typeof line.t !== 'number' || !Number.isFinite(line.t))
      throw new TranscriptError(`transcript line ${n + 1} has no time t`);
    if (line.dir === 'connect')
      lines.push({ dir: 'connect', t: line.t, url: typeof line.url === 'string' ? line.url : '' });
    else if ((line.dir === 'server->client' || line.dir === 'client->server') && typeof line.frame === 'string') {
      lines.push({
        dir: line.dir,
        t: line.t,
        opcode: typeof line.opcode === 'string' ? line.opcode : '',
        frame: line.frame,
      });
    } else throw new TranscriptError(`transcript line ${n + 1} is neither a connect nor a frame`);
  }
  return lines;
}

/** Writes lines back as NDJSON (one object per line, trailing newline). */
export function formatTranscript(lines: readonly TranscriptLine[]): string {
  return lines.map((line) => JSON.stringify(line)).join('\n') + (lines.length ? '\n' : '');
}
