/** What `JobContext.unit` did with one unit of work. */
export type UnitOutcome = 'done' | 'skipped' | 'failed';

/** What a job's run is given. */
export interface JobContext {
  /** The instant of this run, from the runner's clock: do everything due up to it. */
  readonly now: number;
  /**
   * Does one unit of work at most once, ever: in one IMMEDIATE transaction it records `key` as done
   * for this job (table job_units) and runs `work`, which writes its bill rows and record changes
   * with the same database (LedgerRepository.apply joins as a savepoint). Returns 'skipped' when the
   * key is already recorded (an earlier run, another process), 'failed' when `work` threw: the
   * failure is logged, nothing of the unit is kept, the next run tries it again, and the job goes
   * on with its other units.
   */
  unit(key: string, work: () => void): UnitOutcome;
}

/**
 * A clock-driven job, registered with `fastify.jobs.register(job)` (or `JobRunner.register`).
 * `run` does everything due up to `ctx.now`, as units with a key that names the work itself, so a
 * run after any gap (a restart, three days down) catches up, and no unit is ever paid twice. For
 * example, the daily interest of lock mining (`MiningRepository` is the feature's own):
 *
 * ```ts
 * export function miningInterestJob(db: Db): Job {
 *   const orders = new MiningRepository(db);
 *   const ledger = new LedgerRepository(db);
 *   return {
 *     name: 'mining:interest',
 *     everyMs: 60_000,
 *     run(ctx) {
 *       for (const order of orders.running()) {
 *         const due = periodsElapsed(order.started_at, ctx.now, DAY_MS, order.days);
 *         for (let day = order.paid_days + 1; day <= due; day++) {
 *           ctx.unit(`order ${order.id} day ${day}`, () => {
 *             ledger.apply([{ ...order.key, part: 'available', amount: dailyInterest(order), kind: 'mining_interest' }], order.id, ctx.now);
 *             orders.setPaidDays(order.id, day);
 *           });
 *         }
 *       }
 *     },
 *   };
 * }
 * ```
 *
 * The record's own cursor (`paid_days`) saves re-trying done units; the unit key is what makes a
 * payment happen once, even when the cursor was read by two overlapping runs.
 */
export interface Job {
  /** Unique among the registered jobs, stable across versions: the unit keys are recorded under it. */
  readonly name: string;
  /** How often the job runs, measured by the runner's clock; default: at every tick of the runner. */
  readonly everyMs?: number;
  run(ctx: JobContext): void | Promise<void>;
}

/** What one job's run did. */
export interface JobReport {
  job: string;
  done: number;
  skipped: number;
  failed: number;
  /** Set when `run` itself threw (after the units it had done). */
  error?: string;
}

/** Where the runner reports: done units (info) and failures (error). */
export interface JobLog {
  info(message: string): void;
  error(message: string): void;
}
