-- What the job runner has done (jobs/job-runner.ts): one row per unit of work, e.g. job
-- 'mining:interest', unit 'order 17 day 3'. A unit's row is written in the same transaction as its
-- bill rows, and the primary key refuses a second one: a unit is done at most once, whatever
-- restarts or overlapping runs happen.
CREATE TABLE job_units (
  job      TEXT    NOT NULL,
  unit     TEXT    NOT NULL,
  done_at  INTEGER NOT NULL,
  PRIMARY KEY (job, unit)
) WITHOUT ROWID;
