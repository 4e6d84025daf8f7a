-- Loans (spec §3 Loan project, order and application; §4 Loan). Amounts are INTEGER 1e-8 units of
-- the loan's coin; daily rates are parts per million of the principal (5000 = 0.5 % a day).
CREATE TABLE loan_projects (
  id          INTEGER PRIMARY KEY,
  title       TEXT    NOT NULL,
  mechanism   TEXT    NOT NULL DEFAULT '',  -- the lending institution shown with the product
  coin_id     INTEGER NOT NULL REFERENCES coins (id),
  min_amount  INTEGER NOT NULL CHECK (min_amount > 0),
  max_amount  INTEGER NOT NULL,
  rate_ppm    INTEGER NOT NULL CHECK (rate_ppm >= 0),
  cycle_days  INTEGER NOT NULL CHECK (cycle_days > 0),
  enabled     INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  sort        INTEGER NOT NULL DEFAULT 0,
  CHECK (max_amount >= min_amount)
);

-- An application and, once approved, the loan. The terms (amount, rate, cycle, interest, total) are
-- copied from the product when applying and never change afterwards.
-- status: 1 pending review, 2 approved, 3 rejected, 4 cancelled by the user (spec §4).
CREATE TABLE loan_orders (
  id              INTEGER PRIMARY KEY,
  order_num       TEXT    NOT NULL UNIQUE,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id      INTEGER NOT NULL REFERENCES loan_projects (id),
  title           TEXT    NOT NULL,
  coin_id         INTEGER NOT NULL REFERENCES coins (id),
  account_type    INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  amount          INTEGER NOT NULL CHECK (amount > 0),
  rate_ppm        INTEGER NOT NULL CHECK (rate_ppm >= 0),
  cycle_days      INTEGER NOT NULL CHECK (cycle_days > 0),
  interest        INTEGER NOT NULL CHECK (interest >= 0),
  total_amount    INTEGER NOT NULL,
  front_card      TEXT    NOT NULL,
  later_card      TEXT    NOT NULL,
  handheld_card   TEXT    NOT NULL,
  status          INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  reason          TEXT    NOT NULL DEFAULT '',
  is_repayment    INTEGER NOT NULL DEFAULT 0 CHECK (is_repayment IN (0, 1)),
  created_at      INTEGER NOT NULL,
  decided_at      INTEGER,
  repayment_time  INTEGER,
  repaid_at       INTEGER,
  CHECK (total_amount = amount + interest),
  CHECK ((status = 2) = (repayment_time IS NOT NULL)),
  CHECK (is_repayment = 0 OR (status = 2 AND repaid_at IS NOT NULL))
);
CREATE INDEX loan_orders_user ON loan_orders (user_id, status, id);
