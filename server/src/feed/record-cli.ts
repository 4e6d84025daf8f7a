import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordSession } from './replay/recorder.ts';

/**
 * `npm run record -- <ws-url> <out.jsonl> [--topics a,b] [--seconds N]`
 * Records an HTX-compatible market session into a transcript that FEED_SOURCE=replay can play.
 * Without --seconds it records until Ctrl-C.
 */
export const DEFAULT_TOPICS = [
  'market.btcusdt.kline.1min',
  'market.btcusdt.depth.step0',
  'market.btcusdt.trade.detail',
  'market.btcusdt.detail',
];

const USAGE = 'usage: npm run record -- <ws-url> <out.jsonl> [--topics a,b] [--seconds N]';

export interface RecordArgs {
  url: string;
  out: string;
  topics: string[];
  seconds?: number;
}

/** Parses the command line; throws an Error with the usage on anything wrong. */
export function parseRecordArgs(argv: readonly string[]): RecordArgs {
  const positional: string[] = [];
  let topics = DEFAULT_TOPICS;
  let seconds: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--topics') {
      topics = (argv[++i] ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (topics.length === 0) throw new Error(`--topics needs a comma-separated list\n${USAGE}`);
    } else if (arg === '--seconds') {
      seconds = Number(argv[++i]);
      if (!(seconds > 0)) throw new Error(`--seconds needs a positive number\n${USAGE}`);
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}\n${USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  const [url, out] = positional;
  if (!url || !out || positional.length > 2) throw new Error(USAGE);
  if (!/^wss?:\/\//.test(url)) throw new Error(`the URL must start with ws:// or wss://, got ${url}\n${USAGE}`);
  return seconds === undefined ? { url, out, topics } : { url, out, topics, seconds };
}

async function main(): Promise<void> {
  let args: RecordArgs;
  try {
    args = parseRecordArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  console.log(
    `recording ${args.topics.join(', ')} from ${args.url} into ${args.out}${args.seconds ? ` for ${args.seconds} s` : ' (Ctrl-C stops)'}`,
  );
  try {
    const result = await recordSession({ ...args, signal: abort.signal });
    console.log(`done (${result.reason}): ${result.lines} lines, ${result.pushes} pushes`);
  } catch (error) {
    console.error(`recording failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

// Runs only as the command, not when a test imports parseRecordArgs.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
