/** The command line of `npm run soak:faults` (bench/fault-soak.ts). */
import type { CandlePeriod } from '../../common/protocol.ts';

export interface SoakArgs {
  minutes: number;
  drops: number;
  stalls: number;
  seed: number;
  /** `--replay FILE`: the server replays this recording instead of simulating the market. */
  replay?: string;
  /** `--periods 1min,5min`: one options chart per period. */
  periods: CandlePeriod[];
  symbol: string;
  /** `--static DIR`: serve this build instead of building the app first. */
  staticDir?: string;
}

export const USAGE =
  'usage: npm run soak:faults -- [--minutes N] [--drops N] [--stalls N] [--seed S] [--replay FILE] [--periods 1min,5min] [--symbol btcusdt] [--static DIR]';

/** The run: 10 minutes, 100 drops, 10 stalls; 1- and 5-minute charts of btcusdt. */
export const DEFAULTS: SoakArgs = {
  minutes: 10,
  drops: 100,
  stalls: 10,
  seed: 1,
  periods: ['1min', '5min'],
  symbol: 'btcusdt',
};

const PERIODS: readonly CandlePeriod[] = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'];

/** Parses the arguments after `--`; throws an Error that names the bad one and shows the usage. */
export function parseSoakArgs(argv: readonly string[]): SoakArgs {
  const args: SoakArgs = { ...DEFAULTS, periods: [...DEFAULTS.periods] };
  const fail = (message: string): never => {
    throw new Error(`${message}\n${USAGE}`);
  };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i] as string;
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) fail(`${name} needs a value`);
    i++;
    const count = (min: number): number => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < min) fail(`${name} must be a whole number from ${min}, got ${value}`);
      return n;
    };
    switch (name) {
      case '--minutes': {
        const n = Number(value);
        if (!(n > 0 && n <= 24 * 60)) fail(`--minutes must be a number of minutes above 0, got ${value}`);
        args.minutes = n;
        break;
      }
      case '--drops':
        args.drops = count(0);
        break;
      case '--stalls':
        args.stalls = count(0);
        break;
      case '--seed':
        args.seed = count(0);
        break;
      case '--replay':
        args.replay = value;
        break;
      case '--static':
        args.staticDir = value;
        break;
      case '--symbol':
        if (!/^[a-z0-9]+$/.test(value as string))
          fail(`--symbol must be a lowercase pair such as btcusdt, got ${value}`);
        args.symbol = value as string;
        break;
      case '--periods': {
        const periods = (value as string).split(',').map((p) => p.trim());
        const bad = periods.find((p) => !PERIODS.includes(p as CandlePeriod));
        if (bad !== undefined) fail(`--periods takes ${PERIODS.join(', ')}; got ${bad}`);
        args.periods = periods as CandlePeriod[];
        break;
      }
      default:
        fail(`unknown option ${name}`);
    }
  }
  return args;
}
