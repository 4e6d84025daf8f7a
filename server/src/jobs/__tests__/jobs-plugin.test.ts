import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { JobReport } from '../job.ts';
import { REVIEW_AUTO_APPROVAL_JOB } from '../review-auto-approval.ts';

describe('the job runner in the app', () => {
  let dataDir: string;
  let fastify: FastifyInstance | undefined;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'jobs-app-test-'));
  });
  afterEach(async () => {
    await fastify?.close();
    fastify = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The app plugin on a fresh instance, not yet ready, so a test can register a job first. */
  const load = async (env: Record<string, string> = {}): Promise<FastifyInstance> => {
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      config: loadConfig({ DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent', ...env }),
    });
    return fastify;
  };

  it('registers the automatic review approval on a demo server only, and not with REVIEW_AUTO_SECONDS=0', async () => {
    const names = async (env: Record<string, string>) => {
      const instance = await load(env);
      await instance.ready();
      const jobNames = instance.jobs.jobNames();
      await instance.close();
      fastify = undefined;
      return jobNames;
    };
    expect(await names({ SEED_DEMO: '1' })).toContain(REVIEW_AUTO_APPROVAL_JOB);
    expect(await names({ SEED_DEMO: '1', REVIEW_AUTO_SECONDS: '0' })).not.toContain(REVIEW_AUTO_APPROVAL_JOB);
    expect(await names({ SEED_DEMO: '0' })).not.toContain(REVIEW_AUTO_APPROVAL_JOB);
  });

  it('runs every job once when the app is ready, and on close waits for a run in flight before the database closes', async () => {
    const instance = await load({ SEED_DEMO: '0' });
    let runs = 0;
    let gate: Promise<void> | null = null;
    instance.jobs.register({
      name: 'test:probe',
      async run(ctx) {
        runs++;
        await gate;
        ctx.unit(`run ${runs}`, () =>
          instance.db
            .prepare(
              "INSERT INTO app_meta (key, value) VALUES ('probe', 'x') ON CONFLICT (key) DO UPDATE SET value = 'y'",
            )
            .run(),
        );
      },
    });
    expect(runs).toBe(0);
    await instance.ready();
    expect(runs).toBe(1);
    expect(instance.jobs.running).toBe(true);

    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    const inFlight: Promise<JobReport[]> = instance.jobs.run();
    let closed = false;
    const closing = instance.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    // The app's own jobs (the earn products') run too; this one is the probe's.
    const report = (await inFlight).find((r) => r.job === 'test:probe');
    await closing;
    fastify = undefined;
    expect(report).toMatchObject({ job: 'test:probe', done: 1, failed: 0 });
    expect(instance.jobs.running).toBe(false);
  });
});
