-- System notices (spec §3 Notice). user_id NULL = broadcast to everyone; otherwise for one user.
CREATE TABLE notices (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER REFERENCES users (id) ON DELETE CASCADE,
  title       TEXT    NOT NULL,
  content     TEXT    NOT NULL,
  imgs        TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL
);
CREATE INDEX notices_user ON notices (user_id, created_at);

-- Read status per user: a row here means status 2 (read); no row means status 1 (unread).
CREATE TABLE notice_reads (
  notice_id   INTEGER NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at     INTEGER NOT NULL,
  PRIMARY KEY (notice_id, user_id)
);
