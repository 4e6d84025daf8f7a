-- The sign-in second step (docs/account-protection.md "Sign-in second step"): a user with a second
-- factor who gave the right password gets a ticket instead of a session. Only its sha256 is kept; it
-- belongs to one user, works once (used_at) and until expires_at. challenge is the random text a
-- passkey signs for this sign-in. ip is the address the password came from, recorded as the login IP
-- when the step is finished.
CREATE TABLE login_tickets (
  ticket_hash  TEXT    PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  challenge    TEXT    NOT NULL,
  ip           TEXT    NOT NULL,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  used_at      INTEGER
);
CREATE INDEX login_tickets_user ON login_tickets (user_id);
