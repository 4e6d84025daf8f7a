-- Public site content: home banners, about-us entries (spec §3 Content entry), partner logos.
CREATE TABLE banners (
  id          INTEGER PRIMARY KEY,
  img         TEXT    NOT NULL,
  sort        INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE content_entries (
  id          INTEGER PRIMARY KEY,
  title       TEXT    NOT NULL,
  img         TEXT    NOT NULL DEFAULT '',
  content     TEXT    NOT NULL,
  sort        INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE partners (
  id          INTEGER PRIMARY KEY,
  title       TEXT    NOT NULL,
  url         TEXT    NOT NULL,
  img         TEXT    NOT NULL,
  sort        INTEGER NOT NULL DEFAULT 0
);
