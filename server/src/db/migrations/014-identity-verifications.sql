-- Identity verification requests (spec §2 Identity, §4 rzstatus). Each submit is a row that goes to
-- the review queue (kind 'identity', ref_id = id); users.rzstatus follows the newest row: 1 while it
-- is under review, 2 once approved, 3 once rejected (with the reason shown to the user). Rows are
-- kept after a decision: they are the record of what was submitted and decided.
CREATE TABLE identity_verifications (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  real_name   TEXT    NOT NULL,
  front_card  TEXT    NOT NULL,  -- the relative /uploads/<name> URL of one of the user's own uploads
  back_card   TEXT    NOT NULL,
  status      INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),  -- 1 under review, 2 approved, 3 rejected
  reason      TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  decided_at  INTEGER,
  CHECK ((status = 1) = (decided_at IS NULL)),
  CHECK (status <> 3 OR reason <> '')
);
CREATE INDEX identity_verifications_user ON identity_verifications (user_id, id);
