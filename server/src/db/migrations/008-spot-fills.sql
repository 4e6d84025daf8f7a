-- Limit orders fill partially, by the volume each feed print that goes through them carries, so an
-- order may take several fills. One row per fill: which print, how much, at what price, the quote
-- value it moved (buy: paid, sell: received before fee) and the fee. A print fills an order at most
-- once (UNIQUE), so a print delivered twice cannot fill twice. The order row keeps the running
-- totals (filled_qty, filled_value, fee, frozen); these rows always sum to them.
CREATE TABLE spot_fills (
  id            INTEGER PRIMARY KEY,
  order_id      INTEGER NOT NULL REFERENCES spot_orders (id) ON DELETE CASCADE,
  trade_id      TEXT    NOT NULL,  -- the feed's tradeId
  trade_ts      INTEGER NOT NULL,  -- print time on this server (epoch ms)
  price         INTEGER NOT NULL CHECK (price > 0),
  quantity      INTEGER NOT NULL CHECK (quantity > 0),
  value         INTEGER NOT NULL CHECK (value >= 0),
  fee           INTEGER NOT NULL CHECK (fee >= 0),
  created_at    INTEGER NOT NULL,
  UNIQUE (order_id, trade_id, trade_ts)
);
