-- The smallest order a pair accepts, as the quote value of the order (num x price for a limit or
-- stop-limit, the amount of a market buy, what the book pays a market sell), in units of the quote
-- coin; 0 = no minimum. Pairs quoted in USDT start at 1 USDT, others at none. The smallest quantity
-- is not stored: it is one step of the pair's amount precision.
ALTER TABLE markets ADD COLUMN min_total INTEGER NOT NULL DEFAULT 0 CHECK (min_total >= 0);
UPDATE markets SET min_total = 100000000 WHERE quote_coin_id IN (SELECT id FROM coins WHERE name = 'usdt');
