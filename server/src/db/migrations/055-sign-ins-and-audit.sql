-- Every sign-in attempt on an existing account, kept 90 days (docs/account-protection.md#sessions-and-sign-in-history).
-- device: as shown ("Chrome 140 on Android 14"), browser and os its two parts (each '' when unreadable);
-- device_key: the same without versions, to tell a new device.
CREATE TABLE sign_ins (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at          INTEGER NOT NULL,
  ok          INTEGER NOT NULL CHECK (ok IN (0, 1)),
  reason      TEXT    NOT NULL CHECK (reason IN ('ok', 'wrong_password', 'wrong_code', 'locked')),
  ip          TEXT    NOT NULL DEFAULT '',
  device      TEXT    NOT NULL DEFAULT '',
  browser     TEXT    NOT NULL DEFAULT '',
  os          TEXT    NOT NULL DEFAULT '',
  device_key  TEXT    NOT NULL DEFAULT '',
  CHECK ((ok = 1) = (reason = 'ok'))
);
CREATE INDEX sign_ins_user_at ON sign_ins (user_id, at);
CREATE INDEX sign_ins_at ON sign_ins (at);

-- The code the user chose, shown in every mail the server sends them: a mail without it is not ours.
ALTER TABLE users ADD COLUMN anti_phishing_code TEXT;

-- What an operator did to a user's protection (npm run admin -- security:reset), and why.
CREATE TABLE security_audit (
  id        INTEGER PRIMARY KEY,
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  operator  TEXT    NOT NULL,
  action    TEXT    NOT NULL,
  reason    TEXT    NOT NULL,
  at        INTEGER NOT NULL
);
CREATE INDEX security_audit_user ON security_audit (user_id, at);
