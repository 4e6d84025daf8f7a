/**
 * `npm test`: lint, types and the build side by side (each is mostly one core, and none needs
 * another), then the unit and server tests, then the end-to-end tests, stopping at the first group
 * that fails. Side-by-side stages print their output when they end, so logs do not interleave. At
 * the end it prints how long each stage took, so a slow stage is seen on every run (the suite's
 * budget is ten minutes on a 2-core machine).
 */
import { spawn } from 'node:child_process';

const GROUPS: [name: string, script: string][][] = [
  [
    ['lint', 'lint'],
    ['types', 'typecheck'],
    ['build', 'build'],
  ],
  [['unit', 'test:unit']],
  [['end-to-end', 'test:e2e:run']],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one stage; alone it prints as it goes, beside others it prints its output when it ends. */
function runStage(
  name: string,
  script: string,
  alone: boolean,
): Promise<{ name: string; ok: boolean; seconds: number }> {
  const began = performance.now();
  return new Promise((done) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(output).toString()}`);
      done({ name, ok: code === 0, seconds: (performance.now() - began) / 1000 });
    });
  });
}

const times: [string, string][] = [];
const failed: string[] = [];
const start = performance.now();
for (const group of GROUPS) {
  const results = await Promise.all(group.map(([name, script]) => runStage(name, script, group.length === 1)));
  for (const result of results) {
    times.push([result.name, `${result.seconds.toFixed(1)} s`]);
    if (!result.ok) failed.push(result.name);
  }
  if (failed.length) break;
}
times.push(['total', `${((performance.now() - start) / 1000).toFixed(1)} s`]);
console.log('\nStage times (lint, types and build run side by side):');
for (const [name, time] of times) console.log(`  ${name.padEnd(12)} ${time.padStart(9)}`);
if (failed.length) {
  console.log(`\nnpm test failed at the ${failed.join(', ')} stage.`);
  process.exit(1);
}
