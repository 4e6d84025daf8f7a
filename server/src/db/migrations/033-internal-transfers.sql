-- Internal transfers (spec §3 Transfer coin and record; §4 Internal transfer). Amounts are INTEGER
-- 1e-8 units; the fee rate is parts per million of the amount (10000 = 1 %).
CREATE TABLE transfer_coins (
  coin_id   INTEGER PRIMARY KEY REFERENCES coins (id),
  fee_ppm   INTEGER NOT NULL DEFAULT 0 CHECK (fee_ppm BETWEEN 0 AND 1000000),
  days      INTEGER NOT NULL DEFAULT 0 CHECK (days >= 0),  -- arrival after this many days (0: at once)
  enabled   INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  sort      INTEGER NOT NULL DEFAULT 0
);

-- status: 1 in transfer (the amount is frozen in the sender's account, a review of kind
-- internal_transfer is pending), 2 arrived (the receiver got arrival_amount), 3 cancelled (the
-- sender got the amount back). The fee and the arrival amount are fixed when sending.
CREATE TABLE internal_transfers (
  id              INTEGER PRIMARY KEY,
  order_num       TEXT    NOT NULL UNIQUE,
  from_user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  to_user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_id         INTEGER NOT NULL REFERENCES coins (id),
  account_type    INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  amount          INTEGER NOT NULL CHECK (amount > 0),
  fee_ppm         INTEGER NOT NULL CHECK (fee_ppm BETWEEN 0 AND 1000000),
  fee             INTEGER NOT NULL CHECK (fee >= 0),
  arrival_amount  INTEGER NOT NULL CHECK (arrival_amount >= 0),
  status          INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  reason          TEXT    NOT NULL DEFAULT '',
  created_at      INTEGER NOT NULL,
  arrival_time    INTEGER NOT NULL,
  finished_at     INTEGER,
  CHECK (from_user_id <> to_user_id),
  CHECK (fee + arrival_amount = amount),
  CHECK ((status = 1) = (finished_at IS NULL))
);
CREATE INDEX internal_transfers_from ON internal_transfers (from_user_id, status, id);
CREATE INDEX internal_transfers_to ON internal_transfers (to_user_id, status, id);
CREATE INDEX internal_transfers_due ON internal_transfers (arrival_time) WHERE status = 1;
