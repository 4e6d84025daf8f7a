-- Verifiable settlement (issue 15): each second contract names the market trades that set its
-- buy price and its settlement price, by HTX tradeId and trade ts exactly as the public feed
-- published them. NULL for orders placed before this (they were priced the same way but did not
-- keep the trade), for open orders' settlement, and for void orders.
ALTER TABLE option_orders ADD COLUMN buy_trade_id TEXT;
ALTER TABLE option_orders ADD COLUMN buy_trade_ts INTEGER;
ALTER TABLE option_orders ADD COLUMN settle_trade_id TEXT;
ALTER TABLE option_orders ADD COLUMN settle_trade_ts INTEGER;
