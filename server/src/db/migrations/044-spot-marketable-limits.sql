-- A limit order that is marketable when placed takes the feed's visible book at once, at the book's
-- prices; only the rest rests at the limit. The order keeps that immediate part apart, so the rest's
-- fills are valued at the limit on the rest alone: the base quantity it took (taker_qty) and its
-- exact quote value in 1e-16 of the quote coin, as whole units (taker_value) and the part below one
-- unit (taker_value_rem; the full product does not fit one integer). All 0 for an order that rested whole.
ALTER TABLE spot_orders ADD COLUMN taker_qty INTEGER NOT NULL DEFAULT 0 CHECK (taker_qty >= 0);
ALTER TABLE spot_orders ADD COLUMN taker_value INTEGER NOT NULL DEFAULT 0 CHECK (taker_value >= 0);
ALTER TABLE spot_orders ADD COLUMN taker_value_rem INTEGER NOT NULL DEFAULT 0 CHECK (taker_value_rem >= 0 AND taker_value_rem < 100000000);
-- That part's fills are spot_fills rows too, one per book level, named trade_id 'book-1', 'book-2'...
-- (best first) and stamped with the instant the order took them, so an order's fill rows still sum
-- to its totals.
