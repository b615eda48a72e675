-- Attachment files live in the database, where every API process reaches them (before, they
-- were files under one process's DATA_DIR/attachments). `attachments.stored_name` is now the
-- file's key in the blob store: 'pg:<uuid>' (these tables) or 's3:<uuid>' (an S3_URL bucket).
-- A name without a prefix is a file still on disk; server/storage/move-disk-files.ts moves
-- those in at start.
--
-- One row per file, and its bytes in 256 KB chunks. A blob belongs to its attachment: deleting
-- the attachment (or its record) deletes the blob and its chunks. The reference is checked at
-- commit, so an upload writes its chunks first and its attachment row last, in one transaction.
CREATE TABLE attachment_blobs (
  key        text        PRIMARY KEY
             REFERENCES attachments (stored_name) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  size       bigint      NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE attachment_chunks (
  blob_key text    NOT NULL REFERENCES attachment_blobs (key) ON DELETE CASCADE,
  seq      integer NOT NULL CHECK (seq >= 0),
  data     bytea   NOT NULL,
  PRIMARY KEY (blob_key, seq)
);
