import type { Db } from '../db/database.ts';
import { JobRepository } from '../db/repositories/job-repository.ts';
import type { Job, JobContext, JobLog, JobReport, UnitOutcome } from './job.ts';

/** How often the runner's timer looks for due jobs. */
export const JOB_TICK_MS = 1000;

export interface JobRunnerOptions {
  db: Db;
  /** The clock every decision of the runner and its jobs reads; injected by tests. */
  now: () => number;
  log?: JobLog;
  tickMs?: number;
}

const SILENT: JobLog = { info: () => {}, error: () => {} };

/**
 * The clock-driven job runner (docs/architecture.md#the-server) for accruals: interest, yields, due dates, arrivals.
 * `start` runs every job once at once (so a server that was down catches up before it serves),
 * then a timer runs each job again every `everyMs` of the clock. Runs are single-flight and jobs
 * run one after another in registration order; a job that throws is logged and the others still
 * run. Idempotence does not rest on the runner being alone: each unit of work is recorded in
 * job_units in the transaction that does it, so a restart, a second runner or a second process on
 * the same database cannot do a unit twice.
 */
export class JobRunner {
  private readonly jobs: Job[] = [];
  private readonly lastRun = new Map<string, number>();
  /** The last failure logged per unit that is failing, so a retry failing the same way is not logged again. */
  private readonly failing = new Map<string, string>();
  private readonly units: JobRepository;
  private readonly log: JobLog;
  private readonly tickMs: number;
  private inFlight: Promise<JobReport[]> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private started = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.units = new JobRepository(options.db);
    this.log = options.log ?? SILENT;
    this.tickMs = options.tickMs ?? JOB_TICK_MS;
  }

  /** Adds a job; from the next run on it is run like the others. Names are unique. */
  register(job: Job): void {
    if (this.jobs.some((known) => known.name === job.name))
      throw new Error(`a job named "${job.name}" is already registered`);
    this.jobs.push(job);
  }

  jobNames(): string[] {
    return this.jobs.map((job) => job.name);
  }

  /** Whether the timer is on (between `start` and `stop`). */
  get running(): boolean {
    return this.started;
  }

  /**
   * Runs every job that is due now (a job never run yet always is); resolves with what each did.
   * A call while a run is in flight gets that run's promise instead of a second run.
   */
  run(): Promise<JobReport[]> {
    this.inFlight ??= this.runDue().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Runs every job once (the catch-up), then keeps running them on the timer. Idempotent. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.run();
    this.schedule();
  }

  /** Stops the timer and waits for the run in flight, so the database can close after it. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
  }

  private schedule(): void {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      void this.run().finally(() => this.schedule());
    }, this.tickMs);
    this.timer.unref();
  }

  private async runDue(): Promise<JobReport[]> {
    const reports: JobReport[] = [];
    for (const job of [...this.jobs]) {
      const now = this.options.now();
      const last = this.lastRun.get(job.name);
      if (last !== undefined && now - last < (job.everyMs ?? 0)) continue;
      this.lastRun.set(job.name, now);
      reports.push(await this.runJob(job, now));
    }
    return reports;
  }

  private async runJob(job: Job, now: number): Promise<JobReport> {
    const report: JobReport = { job: job.name, done: 0, skipped: 0, failed: 0 };
    const ctx: JobContext = {
      now,
      unit: (key, work) => {
        const outcome = this.unit(job.name, key, now, work);
        report[outcome]++;
        return outcome;
      },
    };
    try {
      await job.run(ctx);
    } catch (error) {
      report.error = (error as Error).message;
      this.log.error(`job ${job.name} failed: ${report.error}`);
    }
    if (report.done > 0)
      this.log.info(`job ${job.name}: ${report.done} unit(s) done${report.failed ? `, ${report.failed} failed` : ''}`);
    return report;
  }

  private unit(job: string, key: string, at: number, work: () => void): UnitOutcome {
    const id = `${job}\u0000${key}`;
    try {
      const fresh = this.options.db
        .transaction(() => {
          if (!this.units.markDone(job, key, at)) return false;
          const result: unknown = work();
          // The transaction commits when `work` returns: an async body would write outside it.
          if (result instanceof Promise)
            throw new Error('the work of a unit must be synchronous (it runs inside one transaction)');
          return true;
        })
        .immediate();
      this.failing.delete(id);
      return fresh ? 'done' : 'skipped';
    } catch (error) {
      const message = (error as Error).message;
      // A unit that keeps failing is retried at every run; its failure is logged again only when it changes.
      if (this.failing.get(id) !== message)
        this.log.error(`job ${job}, unit "${key}" failed (it will be tried again): ${message}`);
      this.failing.set(id, message);
      return 'failed';
    }
  }
}
