import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support.ts';

/** The Redocly CLI of the dev dependencies (a bundle without a Node API, so it is run as a program). */
const REDOCLY = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

/** Redocly's own ruleset, nothing turned off; telemetry off, so the lint never goes on the network. */
const CONFIG = 'extends:\n  - recommended\ntelemetry: off\n';

/** The lint's environment: no telemetry, no update notice (the notice looks up the newest version). */
const OFFLINE = {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
};

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** Lints `document` with the recommended rules; every problem, not only the first hundred. */
async function lint(document: unknown, dir: string): Promise<LintReport> {
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
  writeFileSync(join(dir, 'redocly.yaml'), CONFIG);
  const argv = [
    REDOCLY,
    'lint',
    'openapi.json',
    '--config',
    'redocly.yaml',
    '--format',
    'json',
    '--max-problems',
    '100000',
  ];
  // The CLI exits 1 when it finds an error; its report is on stdout either way.
  const { stdout } = await promisify(execFile)(process.execPath, argv, {
    cwd: dir,
    env: { ...process.env, ...OFFLINE },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout) as LintReport;
}

/** One line per problem, so a failure names each rule and where it broke. */
const lines = (report: LintReport) =>
  report.problems.map(
    (problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
  );

describe('/api/openapi.json in an operator tool', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    // A whole app starting on busy shared cores.
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const report = await lint(response.json(), dir);
    expect(lines(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});
