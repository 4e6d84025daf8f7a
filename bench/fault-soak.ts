/**
 * `npm run soak:faults -- [--minutes N] [--drops N] [--stalls N] [--seed S] [--replay FILE] …`:
 * builds the app, runs the fault soak (fault-soak/run.ts) against the reference server
 * with its test routes on, prints one `name: value` a line and writes the same lines, and the
 * details of every fault and mismatch, to bench/results/. Exits 1 when the soak fails its checks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { parseSoakArgs, type SoakArgs } from './fault-soak/args.ts';
import { runFaultSoak } from './fault-soak/run.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const log = (message: string): void => console.error(`[soak] ${message}`);

let args: SoakArgs;
try {
  args = parseSoakArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'fault-soak-'));
let exitCode: number;
try {
  let staticDir = args.staticDir;
  if (!staticDir) {
    log('building the app');
    staticDir = join(work, 'app');
    await build({
      configFile: join(repo, 'vite.config.ts'),
      root: repo,
      logLevel: 'warn',
      build: { outDir: staticDir, emptyOutDir: true },
    });
  }
  log(
    `soaking ${args.minutes} min: ${args.drops} drops, ${args.stalls} stalls, seed ${args.seed}${args.replay ? `, replaying ${args.replay}` : ''}`,
  );
  const result = await runFaultSoak({ ...args, staticDir, replayFile: args.replay, log });
  const cpu = cpus();
  const lines = [
    `host: ${cpu.length} x ${cpu[0]?.model ?? 'unknown'}`,
    ...Object.entries(result.figures).map(([name, value]) => `${name}: ${value}`),
  ];
  for (const line of lines) console.log(line);
  const name = `fault-soak-${args.replay ? 'replay' : 'simulate'}-seed-${args.seed}`;
  mkdirSync(join(repo, 'bench/results'), { recursive: true });
  writeFileSync(join(repo, `bench/results/${name}.txt`), `${lines.join('\n')}\n`);
  writeFileSync(
    join(repo, `bench/results/${name}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), args, figures: result.figures, ...result.details }, null, 2)}\n`,
  );
  log(`wrote bench/results/${name}.txt and .json`);
  exitCode = result.pass ? 0 : 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
