-- Trading pairs (m_id of spec §7), the two-level currency tabs of the market screen, and spot orders.
CREATE TABLE market_tabs (
  id            INTEGER PRIMARY KEY,
  parent_id     INTEGER REFERENCES market_tabs (id),
  name          TEXT    NOT NULL,
  sort          INTEGER NOT NULL DEFAULT 0
);
INSERT INTO market_tabs (id, parent_id, name, sort) VALUES (1, NULL, 'USDT', 1), (2, 1, 'Main', 1), (3, 1, 'Altcoins', 2);

CREATE TABLE markets (
  id              INTEGER PRIMARY KEY,
  symbol          TEXT    NOT NULL UNIQUE,  -- HTX id, e.g. btcusdt
  base_coin_id    INTEGER NOT NULL REFERENCES coins (id),
  quote_coin_id   INTEGER NOT NULL REFERENCES coins (id),
  tab_id          INTEGER NOT NULL REFERENCES market_tabs (id),
  spot_enabled    INTEGER NOT NULL DEFAULT 1 CHECK (spot_enabled IN (0, 1)),
  option_enabled  INTEGER NOT NULL DEFAULT 1 CHECK (option_enabled IN (0, 1)),
  sort            INTEGER NOT NULL DEFAULT 0
);

-- Spot orders (spec §4): side 1 buy / 2 sell; order_type 1 limit / 2 market; status 1 open,
-- 2 completed, 3 cancelled. Prices are units of the quote coin per whole base coin.
CREATE TABLE spot_orders (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  market_id     INTEGER NOT NULL REFERENCES markets (id),
  side          INTEGER NOT NULL CHECK (side IN (1, 2)),
  order_type    INTEGER NOT NULL CHECK (order_type IN (1, 2)),
  status        INTEGER NOT NULL CHECK (status IN (1, 2, 3)),
  price         INTEGER CHECK (price > 0),         -- limit price; NULL for a market order
  quantity      INTEGER CHECK (quantity > 0),      -- base ordered; NULL for a market buy (it spends `budget`)
  budget        INTEGER CHECK (budget > 0),        -- market buy: quote value to spend
  frozen        INTEGER NOT NULL DEFAULT 0 CHECK (frozen >= 0),  -- still frozen for this open order
  filled_qty    INTEGER NOT NULL DEFAULT 0 CHECK (filled_qty >= 0),
  filled_value  INTEGER NOT NULL DEFAULT 0 CHECK (filled_value >= 0),  -- quote paid (buy) or received before fee (sell)
  avg_price     INTEGER,
  fee           INTEGER NOT NULL DEFAULT 0 CHECK (fee >= 0),
  fee_coin_id   INTEGER REFERENCES coins (id),
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  trade_ts      INTEGER,  -- time of the feed trade that filled a limit order
  CHECK (order_type = 2 OR (price IS NOT NULL AND quantity IS NOT NULL)),
  CHECK (order_type = 1 OR side = 2 OR budget IS NOT NULL)
);
CREATE INDEX spot_orders_user ON spot_orders (user_id, status, id);
CREATE INDEX spot_orders_open ON spot_orders (market_id, side, price) WHERE status = 1;
