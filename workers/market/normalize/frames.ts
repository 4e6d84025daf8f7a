/**
 * Classifies one inflated server frame of the HTX market feed (protocol §3–§6). Book frames
 * (`depth`, `mbp`) are big and only ever become doubles: they are read by the book scanner (levels
 * straight into Float64Arrays), or by the native `JSON.parse` when it declines; every other frame
 * goes through the exact parser so decimals keep every digit.
 */
import { scanBookFrame } from './book-scan.ts';
import { asObject, asString, broken, integer, integerText, type JsonObject } from './fields.ts';
import { JsonSyntaxError, parseJsonExact } from './json-exact.ts';

/** A server frame, by what the engine does with it. */
export type ServerFrame =
  | { type: 'ping'; ping: string }
  | { type: 'push'; topic: string; ts: number; tick: unknown }
  | { type: 'ack'; topic: string; subscribed: boolean }
  | { type: 'rep'; topic: string; data: unknown }
  | { type: 'error'; message: string };

const TOPIC = /"(?:ch|rep)"\s*:\s*"([^"]*)"/;
const BOOK_TOPIC = /\.(?:depth|mbp)\./;

/** True when the frame's topic is a book, whose numbers are read as doubles. */
function isBookFrame(text: string): boolean {
  const topic = TOPIC.exec(text.slice(0, 160))?.[1];
  return topic !== undefined && BOOK_TOPIC.test(topic);
}

/** Parses JSON text the way {@link decodeFrame} does (exactly, or as doubles for books). */
export function parseFrameJson(text: string): unknown {
  try {
    return isBookFrame(text) ? (scanBookFrame(text) ?? (JSON.parse(text) as unknown)) : parseJsonExact(text);
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof JsonSyntaxError) broken(`not JSON: ${error.message}`);
    throw error;
  }
}

/** Decodes one inflated frame. Throws BrokenFrameError for bad JSON or an unknown shape. */
export function decodeFrame(text: string): ServerFrame {
  const frame = asObject(parseFrameJson(text), 'frame');
  return classify(frame);
}

function classify(frame: JsonObject): ServerFrame {
  if ('ping' in frame) return { type: 'ping', ping: integerText(frame.ping, 'ping') };
  if (typeof frame.ch === 'string' && 'tick' in frame) {
    return { type: 'push', topic: frame.ch, ts: integer(frame.ts, 'ts'), tick: frame.tick };
  }
  if (frame.status === 'error') {
    return { type: 'error', message: typeof frame['err-msg'] === 'string' ? frame['err-msg'] : 'unknown error' };
  }
  if (typeof frame.subbed === 'string') return { type: 'ack', topic: frame.subbed, subscribed: true };
  if (typeof frame.unsubbed === 'string') return { type: 'ack', topic: frame.unsubbed, subscribed: false };
  if (typeof frame.rep === 'string') return { type: 'rep', topic: asString(frame.rep, 'rep'), data: frame.data };
  return broken('unknown frame shape');
}
