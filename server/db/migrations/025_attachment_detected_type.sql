-- What an attachment's bytes are, sniffed from its first bytes when it is stored
-- (server/routes/attachments/sniff.ts, file-type), beside `content_type`, which is only what its
-- sender declared. Only a detected png, jpeg, gif or webp is served in its own type (and inline
-- for thumbnails); anything else, and any row with no detected type, is served as
-- application/octet-stream with `Content-Disposition: attachment`.
ALTER TABLE attachments ADD COLUMN detected_type text;

-- Files stored before: those in PostgreSQL that were declared as one of those images get the
-- type their first bytes bear out (the same signatures file-type checks), so their thumbnails
-- stay. The rest (and files in an S3 bucket) have none and are served as downloads.
UPDATE attachments a
   SET detected_type = sniffed.type
  FROM (SELECT c.blob_key,
               CASE
                 WHEN substring(c.data FROM 1 FOR 8) = '\x89504e470d0a1a0a'::bytea
                   THEN 'image/png'
                 WHEN substring(c.data FROM 1 FOR 3) = '\xffd8ff'::bytea
                   THEN 'image/jpeg'
                 WHEN substring(c.data FROM 1 FOR 6) IN ('\x474946383761'::bytea,
                                                        '\x474946383961'::bytea)
                   THEN 'image/gif'
                 WHEN substring(c.data FROM 1 FOR 4) = '\x52494646'::bytea
                  AND substring(c.data FROM 9 FOR 4) = '\x57454250'::bytea
                   THEN 'image/webp'
               END AS type
          FROM attachment_chunks c
          JOIN attachments x ON x.stored_name = c.blob_key
         WHERE c.seq = 0
           AND x.content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')) sniffed
 WHERE sniffed.blob_key = a.stored_name
   AND sniffed.type IS NOT NULL;
