-- Wrong transaction passwords per user (domain/pay-password.ts): after PAY_PASSWORD_MAX_FAILURES in a
-- row, the calls that need it are refused until locked_until. A correct password clears the row.
CREATE TABLE pay_password_attempts (
  user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  failures      INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
  locked_until  INTEGER
);
