/**
 * `npm run typecheck`: each TypeScript project of tsconfig.json's references (one per realm: the page,
 * the worker, the server…, each with only the globals its code has), two at a time, since the
 * projects share no work and a checker uses one core. Prints each project's errors and time; fails
 * when any project has errors.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

/** tsconfig.json is JSON with comments: only whole comment lines are used there. */
const solution = JSON.parse(
  readFileSync('tsconfig.json', 'utf8')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n'),
) as { references: { path: string }[] };
const projects = solution.references.map((reference) => reference.path);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project: string): Promise<{ project: string; ok: boolean; seconds: number; output: string }> {
  const began = performance.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ project, ok: code === 0, seconds: (performance.now() - began) / 1000, output }));
  });
}

const queue = [...projects];
const results: Awaited<ReturnType<typeof check>>[] = [];
const worker = async (): Promise<void> => {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    const result = await check(project);
    if (result.output) process.stdout.write(result.output);
    results.push(result);
  }
};
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));

for (const { project, ok, seconds } of results)
  console.log(`  ${project.padEnd(30)} ${ok ? 'ok    ' : 'FAILED'} ${seconds.toFixed(1).padStart(6)} s`);
if (results.some((result) => !result.ok)) process.exit(1);
