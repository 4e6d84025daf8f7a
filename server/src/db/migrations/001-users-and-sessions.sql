-- Accounts and login sessions (spec §3 User). Usernames and emails compare case-insensitively.
CREATE TABLE users (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  username          TEXT    NOT NULL UNIQUE COLLATE NOCASE,
  email             TEXT    UNIQUE COLLATE NOCASE,
  phone             TEXT    UNIQUE,
  password_hash     TEXT    NOT NULL,
  password_salt     TEXT    NOT NULL,
  pay_password_hash TEXT,
  pay_password_salt TEXT,
  vip               INTEGER NOT NULL DEFAULT 0,
  credit_score      INTEGER NOT NULL DEFAULT 100,
  rzstatus          INTEGER NOT NULL DEFAULT 0,
  invite_code       TEXT    NOT NULL UNIQUE,
  invited_by        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  lang              TEXT    NOT NULL DEFAULT 'en',
  register_ip       TEXT    NOT NULL DEFAULT '',
  last_login_ip     TEXT    NOT NULL DEFAULT '',
  last_login_at     INTEGER,
  created_at        INTEGER NOT NULL,
  CHECK (pay_password_hash IS NULL OR pay_password_salt IS NOT NULL)
);

-- UIDs are shown to users (member panel); start them at 100001 rather than 1.
INSERT INTO sqlite_sequence (name, seq) VALUES ('users', 100000);

-- Only the sha256 of a token is stored: a leaked database does not leak live sessions.
CREATE TABLE sessions (
  id          INTEGER PRIMARY KEY,
  token_hash  TEXT    NOT NULL UNIQUE,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Small key/value facts about this database, e.g. whether the demo seed already ran.
CREATE TABLE app_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
