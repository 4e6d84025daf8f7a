-- Staking (spec §3 Staking project and order; §4 Staking order). Amounts are INTEGER 1e-8 units;
-- yearly rates are parts per million of the principal (80000 = 8 % a year of 365 days).
-- type 1: an order may be redeemed before its end, keeping redeem_fee_ppm of the principal.
CREATE TABLE staking_projects (
  id              INTEGER PRIMARY KEY,
  title           TEXT    NOT NULL,
  img             TEXT    NOT NULL DEFAULT '',
  coin_id         INTEGER NOT NULL REFERENCES coins (id),
  type            INTEGER NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),
  redeem_fee_ppm  INTEGER NOT NULL DEFAULT 0 CHECK (redeem_fee_ppm BETWEEN 0 AND 1000000),
  enabled         INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  sort            INTEGER NOT NULL DEFAULT 0
);

-- The periods of a project (spec §3 staking_info): days, yearly rate and the smallest amount.
CREATE TABLE staking_terms (
  id          INTEGER PRIMARY KEY,
  project_id  INTEGER NOT NULL REFERENCES staking_projects (id) ON DELETE CASCADE,
  days        INTEGER NOT NULL CHECK (days > 0),
  rate_ppm    INTEGER NOT NULL CHECK (rate_ppm >= 0),
  min_amount  INTEGER NOT NULL CHECK (min_amount > 0),
  sort        INTEGER NOT NULL DEFAULT 0,
  UNIQUE (project_id, days)
);

-- status: 0 staking, 1 ended (principal back, every day's revenue paid), 2 redeemed early.
CREATE TABLE staking_orders (
  id              INTEGER PRIMARY KEY,
  order_num       TEXT    NOT NULL UNIQUE,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id      INTEGER NOT NULL REFERENCES staking_projects (id),
  term_id         INTEGER NOT NULL REFERENCES staking_terms (id),
  title           TEXT    NOT NULL,
  coin_id         INTEGER NOT NULL REFERENCES coins (id),
  account_type    INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  amount          INTEGER NOT NULL CHECK (amount > 0),
  days            INTEGER NOT NULL CHECK (days > 0),
  rate_ppm        INTEGER NOT NULL CHECK (rate_ppm >= 0),
  type            INTEGER NOT NULL CHECK (type IN (0, 1)),
  redeem_fee_ppm  INTEGER NOT NULL CHECK (redeem_fee_ppm BETWEEN 0 AND 1000000),
  status          INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  start_time      INTEGER NOT NULL,
  end_time        INTEGER NOT NULL,
  paid_days       INTEGER NOT NULL DEFAULT 0 CHECK (paid_days BETWEEN 0 AND days),
  total_revenue   INTEGER NOT NULL DEFAULT 0 CHECK (total_revenue >= 0),
  returned        INTEGER NOT NULL DEFAULT 0 CHECK (returned >= 0),
  closed_at       INTEGER,
  CHECK ((status = 0) = (closed_at IS NULL))
);
CREATE INDEX staking_orders_user ON staking_orders (user_id, status, id);
CREATE INDEX staking_orders_running ON staking_orders (end_time) WHERE status = 0;
