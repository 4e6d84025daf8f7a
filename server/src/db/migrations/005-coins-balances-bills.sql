-- Coins, per-account balances and the ledger. Every amount is an INTEGER count of 1e-8 units
-- (read with BigInt). A balance row changes only together with its bill rows, in one transaction.
CREATE TABLE coins (
  id            INTEGER PRIMARY KEY,
  name          TEXT    NOT NULL UNIQUE COLLATE NOCASE,  -- lowercase id, e.g. usdt, btc
  title         TEXT    NOT NULL,                        -- shown name, e.g. USDT
  decimals      INTEGER NOT NULL DEFAULT 8 CHECK (decimals BETWEEN 0 AND 8),
  -- Spot fee on what a trade pays out, parts per million (1000 = 0.1 %), for pairs with this base coin.
  spot_fee_ppm  INTEGER NOT NULL DEFAULT 1000 CHECK (spot_fee_ppm BETWEEN 0 AND 100000),
  logo          TEXT    NOT NULL DEFAULT '',
  sort          INTEGER NOT NULL DEFAULT 0
);

-- The quote coin of every pair and the coin of the options account.
INSERT INTO coins (id, name, title, decimals, spot_fee_ppm, sort) VALUES (1, 'usdt', 'USDT', 8, 1000, 0);

-- Account types 1, 2, 3 (spec §3). No row means zero. Neither part may go below zero.
CREATE TABLE balances (
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_id       INTEGER NOT NULL REFERENCES coins (id),
  account_type  INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  available     INTEGER NOT NULL DEFAULT 0 CHECK (available >= 0),
  frozen        INTEGER NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  PRIMARY KEY (user_id, coin_id, account_type)
) WITHOUT ROWID;

-- One row per change of one part (available or frozen) of one balance: the signed amount and the
-- part's value after it, so the rows of a balance always sum to it.
CREATE TABLE bills (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  coin_id       INTEGER NOT NULL REFERENCES coins (id),
  account_type  INTEGER NOT NULL CHECK (account_type IN (1, 2, 3)),
  part          TEXT    NOT NULL CHECK (part IN ('available', 'frozen')),
  amount        INTEGER NOT NULL CHECK (amount <> 0),
  balance       INTEGER NOT NULL CHECK (balance >= 0),
  kind          TEXT    NOT NULL,  -- what caused it, e.g. spot_fill, option_stake (see BillKind in db/repositories/ledger-repository.ts)
  ref_id        INTEGER,           -- the order (or other record) behind it
  remark        TEXT    NOT NULL DEFAULT '',
  created_at    INTEGER NOT NULL
);
CREATE INDEX bills_balance ON bills (user_id, coin_id, account_type, id);
