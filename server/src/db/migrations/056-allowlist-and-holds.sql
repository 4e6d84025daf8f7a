-- Security holds (docs/account-protection.md "Withdrawal allow-list and security holds"): after a
-- change to how the account is protected, withdrawals and internal transfers wait until `until`
-- (ms). One row per user: a later change extends it; `reason` is the kind of the latest change.
CREATE TABLE security_holds (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  until       INTEGER NOT NULL,
  reason      TEXT    NOT NULL,
  started_at  INTEGER NOT NULL
);

-- The withdrawal allow-list switch of a user. `enabled` 1 with `off_at` set: turning off was asked
-- and takes effect at off_at (the list stays on until then). No row: off.
CREATE TABLE withdraw_allowlists (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enabled     INTEGER NOT NULL CHECK (enabled IN (0, 1)),
  off_at      INTEGER,
  updated_at  INTEGER NOT NULL
);

-- Allow-listed destinations: a bound address (kind 'address') or bank card (kind 'card') by id,
-- with the destination as it was when listed (the address, or the card's digits). An address
-- rebound in place keeps its id, so an entry counts only while the bound text still equals
-- `destination`. It is usable from `usable_from` (ms).
CREATE TABLE withdraw_allowlist_entries (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind         TEXT    NOT NULL CHECK (kind IN ('address', 'card')),
  ref_id       INTEGER NOT NULL,
  destination  TEXT    NOT NULL,
  usable_from  INTEGER NOT NULL,
  created_at   INTEGER NOT NULL,
  UNIQUE (user_id, kind, ref_id)
);
