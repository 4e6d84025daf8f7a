-- Bound bank cards (spec §2 Bank, §3 Bank card). card_number holds the digits only (spaces dropped,
-- 12 to 19 of them). Withdrawals to a bank (issue 12) go only to a card of the caller.
CREATE TABLE bank_cards (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  bank_name    TEXT    NOT NULL,
  card_number  TEXT    NOT NULL CHECK (length(card_number) BETWEEN 12 AND 19 AND card_number NOT GLOB '*[^0-9]*'),
  card_name    TEXT    NOT NULL,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  UNIQUE (user_id, card_number)
);
