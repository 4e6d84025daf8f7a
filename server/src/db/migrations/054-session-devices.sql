-- Sessions say where they were started and when they were last used, so a user can see their
-- devices and end one (docs/account-protection.md#sessions-and-sign-in-history).
-- ip: the address the server saw at sign-in; device: the user agent read as "Chrome 140 on Android 14".
ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
-- Moved on authenticated calls at most once a minute per session; null until the first one.
ALTER TABLE sessions ADD COLUMN last_active_at INTEGER;
