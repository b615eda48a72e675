-- Full-text search (docs/api-overview.md): one weighted tsvector per record, kept up to date by
-- triggers, in English and Spanish at once (both stemmers, accents ignored), with a GIN index.
-- Plus what the overview pages need: the newest-events index and help desk contact details.

-- Text search configurations: the built-in ones, with unaccent in front of the stemmer for
-- words that carry non-ASCII letters (ASCII words have no accents to drop).
CREATE TEXT SEARCH CONFIGURATION helpdesk_en (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION helpdesk_en
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
CREATE TEXT SEARCH CONFIGURATION helpdesk_es (COPY = pg_catalog.spanish);
ALTER TEXT SEARCH CONFIGURATION helpdesk_es
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;

-- Sanitised HTML (lib/sanitize.ts) as plain text: tags become spaces, the entities the
-- sanitiser writes are decoded (so "&amp;" is not the word "amp").
CREATE FUNCTION html_to_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN replace(replace(replace(replace(replace(replace(
           regexp_replace($1, '<[^>]*>', ' ', 'g'),
           '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''),
           '&amp;', '&');

-- Plain text escaped for HTML: search snippets are ts_headline over this (its parser keeps each
-- entity whole), so the only markup in a snippet is the <mark> the headline adds.
CREATE FUNCTION html_escape(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN replace(replace(replace(replace($1, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;');

-- Both languages' lexemes for one text at one weight.
CREATE FUNCTION search_words(text, "char") RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN setweight(to_tsvector('helpdesk_en'::regconfig, $1), $2)
      || setweight(to_tsvector('helpdesk_es'::regconfig, $1), $2);

-- A record's document: title (A), body without tags (B) and, for tickets, the public messages
-- (C; the work log is internal and never searchable). Messages are capped in size so a long
-- thread never exceeds what a tsvector holds.
CREATE FUNCTION record_search_vector(p_id bigint, p_type char, p_title text, p_body text)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  RETURN search_words(p_title, 'A')
      || search_words(html_to_text(p_body), 'B')
      || CASE WHEN p_type = 'T' THEN coalesce(search_words(
           (SELECT left(string_agg(html_to_text(m.body), ' ' ORDER BY m.id), 200000)
              FROM record_messages m
             WHERE m.record_id = p_id AND m.thread = 'communication'), 'C'), '')
         ELSE ''::tsvector END;

ALTER TABLE records ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector;

CREATE FUNCTION records_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := record_search_vector(NEW.id, NEW.object_type, NEW.title, NEW.body);
  RETURN NEW;
END $$;
CREATE TRIGGER records_search_vector_update
  BEFORE INSERT OR UPDATE OF title, body, object_type ON records
  FOR EACH ROW EXECUTE FUNCTION records_search_vector_trigger();

-- A public message added, changed or removed: recompute its ticket's vector (one row).
CREATE FUNCTION record_messages_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rid bigint;
BEGIN
  FOR rid IN
    SELECT DISTINCT x.record_id FROM (
      SELECT NEW.record_id, NEW.thread WHERE TG_OP <> 'DELETE'
      UNION ALL SELECT OLD.record_id, OLD.thread WHERE TG_OP <> 'INSERT') x(record_id, thread)
     WHERE x.thread = 'communication'
  LOOP
    UPDATE records r
       SET search_vector = record_search_vector(r.id, r.object_type, r.title, r.body)
     WHERE r.id = rid AND r.object_type = 'T';
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER record_messages_search_update
  AFTER INSERT OR DELETE OR UPDATE OF body, thread, record_id ON record_messages
  FOR EACH ROW EXECUTE FUNCTION record_messages_search_trigger();

UPDATE records r SET search_vector = record_search_vector(r.id, r.object_type, r.title, r.body);

CREATE INDEX records_search_idx ON records USING gin (search_vector);

-- The newest events first (dashboard activity) and the closing moments (charts).
CREATE INDEX record_events_created_idx ON record_events (created_at, id);

-- Contact details of the ticket help desks (GET contact/).
CREATE TABLE helpdesk_contacts (
  hd_id       integer PRIMARY KEY REFERENCES helpdesks (id) ON DELETE CASCADE,
  email       text NOT NULL DEFAULT '',
  phone       text NOT NULL DEFAULT '',
  hours       text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT ''
);
INSERT INTO helpdesk_contacts (hd_id, email, phone, hours, description) VALUES
  (1, 'it-support@example.com', '+1 555 0100', 'Mon–Fri 8:00–18:00',
   'Accounts, software, email and anything else IT.'),
  (2, 'hardware@example.com', '+1 555 0101', 'Mon–Fri 8:00–17:00',
   'Laptops, monitors, printers, phones and accessories.'),
  (3, 'network@example.com', '+1 555 0102', 'Mon–Fri 7:00–19:00',
   'VPN, Wi-Fi, internet access and shared drives.'),
  (4, 'hr@example.com', '+1 555 0110', 'Mon–Thu 9:00–17:00',
   'Leave, payroll, benefits and employment letters.'),
  (6, 'facilities@example.com', '+1 555 0120', 'Mon–Fri 7:30–16:30',
   'Office access, parking, cleaning, heating and repairs.');
