-- Images users upload (spec §7 Upload): identity documents, deposit proofs, loan documents. The file
-- is DATA_DIR/uploads/<name>; the name is random (never the client's file name), so it is unguessable
-- and unique. The owner decides who may fetch the file and which records may reference it.
CREATE TABLE uploads (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id),
  name        TEXT    NOT NULL UNIQUE,
  mime_type   TEXT    NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size        INTEGER NOT NULL CHECK (size > 0),
  width       INTEGER NOT NULL CHECK (width > 0),
  height      INTEGER NOT NULL CHECK (height > 0),
  created_at  INTEGER NOT NULL
);
CREATE INDEX uploads_user ON uploads (user_id, created_at);
