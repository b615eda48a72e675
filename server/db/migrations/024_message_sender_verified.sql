-- A mailed message whose sender could not be proven (an agent's address without the signed
-- reply token, or a failed DMARC check reported by the trusted relay) is kept as an internal
-- note with this mark, never as a public reply (docs/mail.md "Who a mail is from").
ALTER TABLE record_messages ADD COLUMN sender_verified boolean NOT NULL DEFAULT true;
