-- Passkeys (WebAuthn credentials) a user signs in and approves with (docs/account-protection.md#passkeys).
-- credential_id is the authenticator's id in base64url, unique across all users: a sign-in finds
-- the account from it alone. public_key is the COSE key as the authenticator sent it.
CREATE TABLE passkeys (
  id             INTEGER PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id  TEXT    NOT NULL UNIQUE,
  public_key     BLOB    NOT NULL,
  counter        INTEGER NOT NULL DEFAULT 0 CHECK (counter >= 0),
  -- How the browser may reach the authenticator (JSON array of WebAuthn transports).
  transports     TEXT    NOT NULL DEFAULT '[]',
  name           TEXT    NOT NULL,
  created_at     INTEGER NOT NULL,
  last_used_at   INTEGER
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- Challenges handed out for a ceremony: each is used once and only before expires_at. user_id is
-- null for a passwordless sign-in, where nobody is known until the passkey answers.
CREATE TABLE passkey_challenges (
  id          INTEGER PRIMARY KEY,
  challenge   TEXT    NOT NULL UNIQUE,
  purpose     TEXT    NOT NULL CHECK (purpose IN ('register', 'sign_in', 'approval')),
  user_id     INTEGER REFERENCES users (id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used        INTEGER NOT NULL DEFAULT 0 CHECK (used IN (0, 1))
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
