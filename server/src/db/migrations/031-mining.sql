-- Lock mining (spec §3 Mining product and order; §4 Mining order). Amounts are INTEGER 1e-8 units;
-- daily rates are parts per million of the principal (5000 = 0.5 % a day).
-- type 1: an order may be redeemed before its end, keeping redeem_fee_ppm of the principal.
CREATE TABLE mining_products (
  id              INTEGER PRIMARY KEY,
  title           TEXT    NOT NULL,
  img             TEXT    NOT NULL DEFAULT '',
  coin_id         INTEGER NOT NULL REFERENCES coins (id),
  min_amount      INTEGER NOT NULL CHECK (min_amount > 0),
  max_amount      INTEGER NOT NULL,
  type            INTEGER NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),
  redeem_fee_ppm  INTEGER NOT NULL DEFAULT 0 CHECK (redeem_fee_ppm BETWEEN 0 AND 1000000),
  enabled         INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  sort            INTEGER NOT NULL DEFAULT 0,
  CHECK (max_amount >= min_amount)
);

-- The lock periods a product offers, each with its daily rate (the comma lists of spec §3).
CREATE TABLE mining_terms (
  product_id  INTEGER NOT NULL REFERENCES mining_products (id) ON DELETE CASCADE,
  days        INTEGER NOT NULL CHECK (days > 0),
  rate_ppm    INTEGER NOT NULL CHECK (rate_ppm >= 0),
  PRIMARY KEY (product_id, days)
) WITHOUT ROWID;

-- status: 0 running, 1 ended (principal back, every day's interest paid), 2 redeemed early.
-- paid_days counts the days whose interest has been paid; total_revenue is their sum.
CREATE TABLE mining_orders (
  id              INTEGER PRIMARY KEY,
  order_num       TEXT    NOT NULL UNIQUE,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id      INTEGER NOT NULL REFERENCES mining_products (id),
  title           TEXT    NOT NULL,
  img             TEXT    NOT NULL DEFAULT '',
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
  returned        INTEGER NOT NULL DEFAULT 0 CHECK (returned >= 0),  -- principal given back at the end or redemption
  closed_at       INTEGER,
  CHECK ((status = 0) = (closed_at IS NULL))
);
CREATE INDEX mining_orders_user ON mining_orders (user_id, id);
CREATE INDEX mining_orders_running ON mining_orders (end_time) WHERE status = 0;
