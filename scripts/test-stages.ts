/**
 * `npm test`: lint, types, unit and server tests, the build, then the end-to-end tests, one after
 * another, stopping at the first that fails. At the end it prints how long each stage took, so a
 * slow stage is seen on every run (the suite's budget is ten minutes on a 2-core machine).
 */
import { spawnSync } from 'node:child_process';

const STAGES: [name: string, script: string][] = [
  ['lint', 'lint'],
  ['types', 'typecheck'],
  ['unit', 'test:unit'],
  ['build', 'build'],
  ['end-to-end', 'test:e2e:run'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const times: [string, string][] = [];
let failed: string | null = null;
const start = performance.now();
for (const [name, script] of STAGES) {
  const began = performance.now();
  const run = spawnSync(npm, ['run', '--silent', script], { stdio: 'inherit' });
  times.push([name, `${((performance.now() - began) / 1000).toFixed(1)} s`]);
  if (run.status !== 0) {
    failed = name;
    break;
  }
}
times.push(['total', `${((performance.now() - start) / 1000).toFixed(1)} s`]);
console.log('\nStage times:');
for (const [name, time] of times) console.log(`  ${name.padEnd(12)} ${time.padStart(9)}`);
if (failed) {
  console.log(`\nnpm test failed at the ${failed} stage.`);
  process.exit(1);
}
