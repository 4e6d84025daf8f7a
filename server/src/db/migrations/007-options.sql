-- Second contracts (options) of spec §3/§4: the server's own configuration and the orders.
-- One settings row: the stake coin, the account it is drawn from, the quantity multipliers and the fee.
CREATE TABLE option_settings (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  coin_id       INTEGER NOT NULL REFERENCES coins (id),
  account_type  INTEGER NOT NULL DEFAULT 1 CHECK (account_type IN (1, 2, 3)),
  multipliers   TEXT    NOT NULL DEFAULT '1,3,5,10',
  price_type    INTEGER NOT NULL DEFAULT 2,
  fee_ppm       INTEGER NOT NULL DEFAULT 0 CHECK (fee_ppm BETWEEN 0 AND 100000)
);
INSERT INTO option_settings (id, coin_id) VALUES (1, 1);

-- The durations on offer, each with its payout (basis points of a percent: 8500 = 85 %) and minimum stake.
CREATE TABLE option_durations (
  seconds       INTEGER PRIMARY KEY CHECK (seconds > 0),
  payout_bp     INTEGER NOT NULL CHECK (payout_bp >= 0),
  min_stake     INTEGER NOT NULL CHECK (min_stake > 0),
  sort          INTEGER NOT NULL DEFAULT 0
);
INSERT INTO option_durations (seconds, payout_bp, min_stake, sort) VALUES
  (30, 8000, 1000000000, 1),
  (60, 8500, 2000000000, 2),
  (120, 9000, 5000000000, 3),
  (300, 9500, 10000000000, 4);

-- result: 0 open, 1 win, 2 lose, 3 tie (stake refunded), 4 void (no settlement price: stake and fee refunded).
-- The payout percent, buy price and settlement price are stored as they were used.
CREATE TABLE option_orders (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  market_id       INTEGER NOT NULL REFERENCES markets (id),
  coin_id         INTEGER NOT NULL REFERENCES coins (id),
  account_type    INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  direction       INTEGER NOT NULL CHECK (direction IN (1, 2)),
  seconds         INTEGER NOT NULL CHECK (seconds > 0),
  payout_bp       INTEGER NOT NULL CHECK (payout_bp >= 0),
  stake           INTEGER NOT NULL CHECK (stake > 0),
  fee             INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
  status          INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2)),
  buy_price       TEXT    NOT NULL,
  buy_price_ts    INTEGER NOT NULL,
  created_at      INTEGER NOT NULL,
  expires_at      INTEGER NOT NULL,
  settle_price    TEXT,
  settle_price_ts INTEGER,
  result          INTEGER NOT NULL DEFAULT 0 CHECK (result BETWEEN 0 AND 4),
  payout          INTEGER NOT NULL DEFAULT 0 CHECK (payout >= 0),
  settled_at      INTEGER,
  CHECK ((status = 1) = (result = 0))
);
CREATE INDEX option_orders_user ON option_orders (user_id, status, id);
CREATE INDEX option_orders_due ON option_orders (expires_at) WHERE status = 1;
