-- The review queue: everything the platform decides by hand (deposits, withdrawals, identity,
-- loan applications, internal transfers). Each row points at its feature's own record (kind +
-- ref_id) and may hold an amount of the user's balance (available -> frozen at submit). A decision
-- is written once: the row leaves 'pending' in the same transaction as its bill rows and the
-- feature record's change (domain/reviews.ts). Rows are never deleted: they are the audit trail.
CREATE TABLE reviews (
  id                 INTEGER PRIMARY KEY,
  kind               TEXT    NOT NULL CHECK (kind GLOB '[a-z]*' AND kind NOT GLOB '*[^a-z0-9_]*'),
  user_id            INTEGER NOT NULL REFERENCES users (id),
  ref_id             INTEGER NOT NULL,  -- the feature's record, in the feature's own table
  summary            TEXT    NOT NULL DEFAULT '',  -- one line for the operator, written by the feature
  -- The hold: this much of the user's balance (coin, account type) moved from available to frozen
  -- at submit; all three set or all three NULL.
  hold_coin_id       INTEGER REFERENCES coins (id),
  hold_account_type  INTEGER CHECK (hold_account_type IN (1, 2, 3)),
  hold_amount        INTEGER CHECK (hold_amount > 0),
  -- cancelled: withdrawn by the user while pending (loan applications, internal transfers).
  status             TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
  reason             TEXT    NOT NULL DEFAULT '',
  decided_by         TEXT    CHECK (decided_by IN ('operator', 'auto', 'user')),
  created_at         INTEGER NOT NULL,
  decided_at         INTEGER,
  CHECK ((hold_coin_id IS NULL) = (hold_amount IS NULL) AND (hold_coin_id IS NULL) = (hold_account_type IS NULL)),
  CHECK ((status = 'pending') = (decided_at IS NULL) AND (decided_at IS NULL) = (decided_by IS NULL)),
  CHECK (status <> 'rejected' OR reason <> '')
);
-- One open review per feature record; after a decision the same record may be submitted again.
CREATE UNIQUE INDEX reviews_one_pending ON reviews (kind, ref_id) WHERE status = 'pending';
CREATE INDEX reviews_pending ON reviews (created_at, id) WHERE status = 'pending';
CREATE INDEX reviews_ref ON reviews (kind, ref_id, id);
