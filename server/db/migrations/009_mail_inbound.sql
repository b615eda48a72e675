-- Mail in (docs/mail.md "Mail in"): every received mail is first stored here, raw, in the same
-- transaction as its import job; a worker turns it into a ticket or a message and records the
-- outcome on the row. The unique key makes a mail delivered twice (or fetched again after a
-- crash) one row, so it becomes exactly one ticket or message.
--
-- Contact accounts made for a sender have no password: users.password_hash = '' (no hash
-- verifies against it, so login is refused) until they choose one through "forgot password".

CREATE TABLE inbound_mails (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The help desk (mail channel) the mail was addressed to.
  hd_id          integer NOT NULL REFERENCES helpdesks (id) ON DELETE CASCADE,
  -- The Message-ID as in the header (<...>), or 'sha256:<hex of the bytes>' when it has none.
  message_key    text NOT NULL,
  source         text NOT NULL CHECK (source IN ('smtp', 'imap')),
  envelope_from  text,
  -- The mail as received; cleared once it became a ticket or message (they hold its content).
  raw            bytea,
  size           integer NOT NULL,
  state          text NOT NULL DEFAULT 'received'
                 CHECK (state IN ('received', 'ticket', 'message', 'ignored', 'failed')),
  -- Why a mail was ignored or failed (auto_submitted, bulk, bounce, own_address, rate_limited...).
  reason         text,
  from_email     text,
  subject        text,
  record_id      bigint REFERENCES records (id) ON DELETE SET NULL,
  message_row_id bigint REFERENCES record_messages (id) ON DELETE SET NULL,
  received_at    timestamptz NOT NULL DEFAULT now(),
  processed_at   timestamptz,
  CONSTRAINT inbound_mails_once UNIQUE (hd_id, message_key)
);
-- What is left to import (a worker's start-up sweep after a crash).
CREATE INDEX inbound_mails_received_idx ON inbound_mails (id) WHERE state = 'received';
-- The per-sender rate limit counts the tickets a sender opened in the last hour.
CREATE INDEX inbound_mails_sender_tickets_idx ON inbound_mails (lower(from_email), processed_at)
  WHERE state = 'ticket';
-- An operator's view: the newest mails first.
CREATE INDEX inbound_mails_received_at_idx ON inbound_mails (received_at DESC, id DESC);
