-- Stop-limit orders (order_type 3): an order that waits (status 4) until a feed print reaches its
-- trigger price, then becomes a limit order at its price (status 1). trigger_direction is fixed at
-- placement from the last price: 1 = the trigger is above it, a print >= trigger fires it;
-- 2 = below it, a print <= trigger fires it. triggered_at is the instant it fired (epoch ms).
-- SQLite cannot widen a CHECK in place, so spot_orders is rebuilt with the same rows; spot_fills,
-- which refers to it, is set aside first so the rebuild deletes no fill.
CREATE TABLE spot_orders_next (
  id                 INTEGER PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  market_id          INTEGER NOT NULL REFERENCES markets (id),
  side               INTEGER NOT NULL CHECK (side IN (1, 2)),
  order_type         INTEGER NOT NULL CHECK (order_type IN (1, 2, 3)),  -- 1 limit, 2 market, 3 stop-limit
  status             INTEGER NOT NULL CHECK (status IN (1, 2, 3, 4)),   -- 1 open, 2 completed, 3 cancelled, 4 waiting for its trigger
  price              INTEGER CHECK (price > 0),
  quantity           INTEGER CHECK (quantity > 0),
  budget             INTEGER CHECK (budget > 0),
  frozen             INTEGER NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  filled_qty         INTEGER NOT NULL DEFAULT 0 CHECK (filled_qty >= 0),
  filled_value       INTEGER NOT NULL DEFAULT 0 CHECK (filled_value >= 0),
  avg_price          INTEGER,
  fee                INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
  fee_coin_id        INTEGER REFERENCES coins (id),
  created_at         INTEGER NOT NULL,
  updated_at         INTEGER NOT NULL,
  trade_ts           INTEGER,
  taker_qty          INTEGER NOT NULL DEFAULT 0 CHECK (taker_qty >= 0),
  taker_value        INTEGER NOT NULL DEFAULT 0 CHECK (taker_value >= 0),
  taker_value_rem    INTEGER NOT NULL DEFAULT 0 CHECK (taker_value_rem >= 0 AND taker_value_rem < 100000000),
  trigger_price      INTEGER CHECK (trigger_price > 0),
  trigger_direction  INTEGER CHECK (trigger_direction IN (1, 2)),
  triggered_at       INTEGER,
  CHECK (order_type = 2 OR (price IS NOT NULL AND quantity IS NOT NULL)),
  CHECK (order_type <> 2 OR side = 2 OR budget IS NOT NULL),
  CHECK (order_type <> 3 OR (trigger_price IS NOT NULL AND trigger_direction IS NOT NULL)),
  CHECK (status <> 4 OR order_type = 3)
);
INSERT INTO spot_orders_next (id, user_id, market_id, side, order_type, status, price, quantity, budget, frozen, filled_qty, filled_value,
    avg_price, fee, fee_coin_id, created_at, updated_at, trade_ts, taker_qty, taker_value, taker_value_rem)
  SELECT id, user_id, market_id, side, order_type, status, price, quantity, budget, frozen, filled_qty, filled_value,
    avg_price, fee, fee_coin_id, created_at, updated_at, trade_ts, taker_qty, taker_value, taker_value_rem FROM spot_orders;
CREATE TABLE spot_fills_kept AS SELECT * FROM spot_fills;
DROP TABLE spot_fills;
DROP TABLE spot_orders;
ALTER TABLE spot_orders_next RENAME TO spot_orders;
CREATE INDEX spot_orders_user ON spot_orders (user_id, status, id);
CREATE INDEX spot_orders_open ON spot_orders (market_id, side, price) WHERE status = 1;
CREATE INDEX spot_orders_waiting ON spot_orders (market_id, trigger_direction, trigger_price) WHERE status = 4;

CREATE TABLE spot_fills (
  id            INTEGER PRIMARY KEY,
  order_id      INTEGER NOT NULL REFERENCES spot_orders (id) ON DELETE CASCADE,
  trade_id      TEXT    NOT NULL,  -- the feed's tradeId, or book-N for the book part of a marketable limit
  trade_ts      INTEGER NOT NULL,  -- print time on this server (epoch ms)
  price         INTEGER NOT NULL CHECK (price > 0),
  quantity      INTEGER NOT NULL CHECK (quantity > 0),
  value         INTEGER NOT NULL CHECK (value >= 0),
  fee           INTEGER NOT NULL CHECK (fee >= 0),
  created_at    INTEGER NOT NULL,
  UNIQUE (order_id, trade_id, trade_ts)
);
INSERT INTO spot_fills (id, order_id, trade_id, trade_ts, price, quantity, value, fee, created_at)
  SELECT id, order_id, trade_id, trade_ts, price, quantity, value, fee, created_at FROM spot_fills_kept;
DROP TABLE spot_fills_kept;
