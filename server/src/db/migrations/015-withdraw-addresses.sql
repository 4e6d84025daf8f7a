-- Bound withdrawal addresses (spec §5 Address binding): one per user and coin, checked against the
-- coin's withdraw_network when bound. Withdrawals (issue 12) go only to a bound address of the caller.
CREATE TABLE withdraw_addresses (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_id     INTEGER NOT NULL REFERENCES coins (id),
  network     TEXT    NOT NULL CHECK (network IN ('TRC20', 'ERC20', 'BTC')),  -- the coin's network when it was bound
  address     TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  UNIQUE (user_id, coin_id)
);
