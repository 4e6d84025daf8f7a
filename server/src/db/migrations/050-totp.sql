-- The authenticator-code factor (RFC 6238) of a user, docs/account-protection.md. The server must read
-- the secret to compute codes, so it is kept as base32; enabled_at is NULL while it is being set up.
-- last_step is the time step of the last accepted code: a code is accepted once. failures and
-- locked_until follow the transaction password's rule (five wrong in a row lock for 30 minutes).
CREATE TABLE totp_factors (
  user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret        TEXT    NOT NULL,
  created_at    INTEGER NOT NULL,
  enabled_at    INTEGER,
  last_step     INTEGER,
  failures      INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locked_until  INTEGER
);

-- One-time recovery codes, shown once when the factor is turned on; only their sha256 is kept.
CREATE TABLE totp_recovery_codes (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  TEXT    NOT NULL,
  used_at    INTEGER
);
CREATE INDEX totp_recovery_codes_user ON totp_recovery_codes (user_id);
