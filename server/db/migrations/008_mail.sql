-- The mail channel (docs/mail.md): each help desk's address and mailbox, the channel a record
-- and a message came in by, the state of every mail sent, and the Message-IDs that thread
-- replies to their record.

-- One per help desk. The mailbox password is AES-256-GCM ciphertext (server/mail/secret.ts),
-- never plain text and never returned by the API.
CREATE TABLE mail_channels (
  hd_id         integer PRIMARY KEY REFERENCES helpdesks (id) ON DELETE CASCADE,
  address       text CHECK (address IS NULL OR char_length(address) BETWEEN 3 AND 254),
  imap_host     text,
  imap_port     integer CHECK (imap_port BETWEEN 1 AND 65535),
  imap_tls      boolean NOT NULL DEFAULT true,
  imap_user     text,
  imap_password text,
  imap_folder   text NOT NULL DEFAULT 'INBOX',
  last_poll_at  timestamptz,
  last_error    text,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
-- One desk per address, whatever its case (mail addresses are matched case-insensitively).
CREATE UNIQUE INDEX mail_channels_address_key ON mail_channels (lower(address));

ALTER TABLE records
  ADD COLUMN channel text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'mail'));

ALTER TABLE record_messages
  ADD COLUMN channel     text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'mail')),
  -- The quoted history of an inbound mail, kept apart so the UI can collapse it.
  ADD COLUMN quoted_body text,
  -- Who sent an inbound mail (the author may be a contact account made for them).
  ADD COLUMN from_email  text;

-- sent_at stays the time the mail was queued; updated_at is the time of its latest state.
ALTER TABLE record_mail_log
  ADD COLUMN state      text NOT NULL DEFAULT 'sent'
                        CHECK (state IN ('queued', 'sent', 'failed', 'bounced')),
  ADD COLUMN error      text,
  ADD COLUMN message_id text,
  ADD COLUMN attempts   integer NOT NULL DEFAULT 0,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX record_mail_log_message_id_idx ON record_mail_log (message_id)
  WHERE message_id IS NOT NULL;

-- Every Message-ID the product sent ('out') or received ('in'), for threading by
-- In-Reply-To/References.
CREATE TABLE mail_message_ids (
  message_id     text PRIMARY KEY,
  record_id      bigint NOT NULL REFERENCES records (id) ON DELETE CASCADE,
  message_row_id bigint REFERENCES record_messages (id) ON DELETE SET NULL,
  direction      text NOT NULL CHECK (direction IN ('in', 'out')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_message_ids_record_idx ON mail_message_ids (record_id, created_at);
