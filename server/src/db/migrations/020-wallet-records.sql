-- The wallet's records (issue 12): deposits, withdrawals, transfers between a user's own accounts
-- and flash exchanges. Amounts are INTEGER counts of 1e-8 units (read with BigInt). A record is
-- written in the same transaction as its balance change or its review submission, so a record
-- exists exactly when its money moved. Rows are never deleted: they are the user's history.

-- Deposits (spec §3 Recharge record), credited to `account_type` when their review is approved.
-- status 1 pending review, 2 completed, 3 not passed (remark: the reason).
CREATE TABLE deposits (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_id       INTEGER NOT NULL REFERENCES coins (id),
  account_type  INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  amount        INTEGER NOT NULL CHECK (amount > 0),
  -- The operator's network entry as it was when the user paid (a_id, pay type, name, address):
  -- a later change of the wallet config does not rewrite history.
  network_id    INTEGER NOT NULL,
  pay_type      INTEGER NOT NULL CHECK (pay_type IN (1, 2, 3)),
  network       TEXT    NOT NULL,
  address       TEXT    NOT NULL,
  proof         TEXT    NOT NULL,  -- /uploads/<name>, one of the user's own uploads
  status        INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  remark        TEXT    NOT NULL DEFAULT '',
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  CHECK (status <> 3 OR remark <> '')
);
CREATE INDEX deposits_user ON deposits (user_id, coin_id, account_type, id);

-- Withdrawals (spec §3 Withdraw record). `amount` is frozen at submit (the review's hold) and
-- taken on approval; the user receives `received`, the platform keeps `fee`.
-- withdraw_type 1 wallet address, 2 bank card; status as deposits.
CREATE TABLE withdrawals (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_id         INTEGER NOT NULL REFERENCES coins (id),
  account_type    INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  amount          INTEGER NOT NULL CHECK (amount > 0),
  fee             INTEGER NOT NULL CHECK (fee >= 0),
  received        INTEGER NOT NULL CHECK (received > 0),
  withdraw_type   INTEGER NOT NULL CHECK (withdraw_type IN (1, 2)),
  -- The bound address or card (its id in the profile's table) and what it said at submit.
  destination_id  INTEGER NOT NULL,
  destination     TEXT    NOT NULL,
  network         TEXT    NOT NULL DEFAULT '',
  status          INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  remark          TEXT    NOT NULL DEFAULT '',
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  CHECK (fee + received = amount),
  CHECK (status <> 3 OR remark <> '')
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, coin_id, account_type, id);

-- Transfers between two of a user's own account types: done at once (bill rows transfer_out and
-- transfer_in), so every row is completed.
CREATE TABLE account_transfers (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_id       INTEGER NOT NULL REFERENCES coins (id),
  from_type     INTEGER NOT NULL CHECK (from_type IN (1, 2, 3)),
  to_type       INTEGER NOT NULL CHECK (to_type IN (1, 2, 3)),
  amount        INTEGER NOT NULL CHECK (amount > 0),
  created_at    INTEGER NOT NULL,
  CHECK (from_type <> to_type)
);
CREATE INDEX account_transfers_user ON account_transfers (user_id, coin_id, id);

-- Flash exchanges inside one account type, at the feed's last prices of that instant (both in USDT,
-- "1" for USDT itself): `paid` of the from coin buys `gross` of the to coin, of which `fee` goes to
-- the platform (bill rows exchange_out, exchange_in, exchange_fee).
CREATE TABLE flash_exchanges (
  id             INTEGER PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_type   INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  from_coin_id   INTEGER NOT NULL REFERENCES coins (id),
  to_coin_id     INTEGER NOT NULL REFERENCES coins (id),
  paid           INTEGER NOT NULL CHECK (paid > 0),
  gross          INTEGER NOT NULL CHECK (gross > 0),
  fee            INTEGER NOT NULL CHECK (fee >= 0),
  received       INTEGER NOT NULL CHECK (received > 0),
  from_price     TEXT    NOT NULL,  -- USDT per whole from coin, exact decimal as the feed printed it
  to_price       TEXT    NOT NULL,
  fee_percent    TEXT    NOT NULL,
  created_at     INTEGER NOT NULL,
  CHECK (from_coin_id <> to_coin_id),
  CHECK (fee + received = gross)
);
CREATE INDEX flash_exchanges_user ON flash_exchanges (user_id, id);
