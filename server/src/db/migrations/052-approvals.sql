-- An approval binds a second step (authenticator code, recovery code or passkey) to one exact
-- operation, docs/account-protection.md "Approvals bound to one operation". digest is the sha256 of
-- the operation and its canonical fields; challenge is what a passkey assertion signs. An approval
-- is used once (used_at), in the transaction of the operation it approves, and only before expires_at.
CREATE TABLE approvals (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  operation   TEXT    NOT NULL,
  digest      TEXT    NOT NULL,
  challenge   TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX approvals_user ON approvals (user_id, expires_at);
