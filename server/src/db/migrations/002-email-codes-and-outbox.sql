-- Email verification codes (spec §5). Only the sha256 of a code is kept; attempts cap guessing.
CREATE TABLE email_codes (
  id          INTEGER PRIMARY KEY,
  email       TEXT    NOT NULL COLLATE NOCASE,
  purpose     TEXT    NOT NULL,
  code_hash   TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  used_at     INTEGER
);
CREATE INDEX email_codes_email ON email_codes (email, created_at);

-- The reference server sends no real mail: every message lands here (read by /__test/outbox).
CREATE TABLE mail_outbox (
  id          INTEGER PRIMARY KEY,
  to_address  TEXT    NOT NULL COLLATE NOCASE,
  subject     TEXT    NOT NULL,
  body        TEXT    NOT NULL,
  code        TEXT,
  created_at  INTEGER NOT NULL
);
CREATE INDEX mail_outbox_to ON mail_outbox (to_address, created_at);
