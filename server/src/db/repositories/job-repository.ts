import type { Db } from '../database.ts';

/** The units of work the job runner has done (`job_units`): a unit's row exists once or not at all. */
export class JobRepository {
  constructor(private readonly db: Db) {}

  /** Records a unit as done; false when it already was (nothing written). */
  markDone(job: string, unit: string, at: number): boolean {
    return (
      this.db.prepare('INSERT OR IGNORE INTO job_units (job, unit, done_at) VALUES (?, ?, ?)').run(job, unit, at)
        .changes === 1
    );
  }

  isDone(job: string, unit: string): boolean {
    return (
      this.db.prepare('SELECT EXISTS (SELECT 1 FROM job_units WHERE job = ? AND unit = ?)').pluck().get(job, unit) === 1
    );
  }

  /** The units of a job done so far, in key order. */
  units(job: string): string[] {
    return this.db.prepare('SELECT unit FROM job_units WHERE job = ? ORDER BY unit').pluck().all(job) as string[];
  }
}
