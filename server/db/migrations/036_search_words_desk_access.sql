-- Two things: search words from tags and custom fields, and a notification of desk access.
--
-- 1. Search finds records by their tags and by the values of their text and long-text custom
-- fields (docs/api-overview.md "Full-text search"). The words join the record's vector between the body
-- and the public messages (appended messages stay at the end, migration 021):
--   tags' names: B (everyone who reads the record sees its tags);
--   values of active text fields shown to requesters: C;
--   values of active text fields only agents see: D. A regular user's search asks for weights
--   A to C only (routes/search/sql.ts), so it never matches through a value hidden from them.
-- The vector changes with the record's tags and fields (the record's trigger), a tag's rename
-- (its records, found by the tags' GIN index) and a text field's activation or visibility (the
-- records carrying a value for it).

-- A record's words besides its text, from its kind, tag ids and field values.
CREATE FUNCTION record_extra_words(p_type char, p_tag_ids integer[], p_fields jsonb)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  RETURN CASE WHEN p_tag_ids = '{}' AND p_fields = '{}' THEN ''::tsvector ELSE
      coalesce(search_words(
        (SELECT string_agg(t.name, ' ' ORDER BY t.id) FROM tags t WHERE t.id = ANY (p_tag_ids)),
        'B'), ''::tsvector)
   || coalesce(search_words(
        (SELECT string_agg(p_fields ->> f.key, ' ' ORDER BY f.position, f.id)
           FROM custom_fields f
          WHERE f.object_type = p_type AND f.active AND f.shown_to_requesters
            AND f.type IN ('text', 'long_text') AND jsonb_typeof(p_fields -> f.key) = 'string'),
        'C'), ''::tsvector)
   || coalesce(search_words(
        (SELECT string_agg(p_fields ->> f.key, ' ' ORDER BY f.position, f.id)
           FROM custom_fields f
          WHERE f.object_type = p_type AND f.active AND NOT f.shown_to_requesters
            AND f.type IN ('text', 'long_text') AND jsonb_typeof(p_fields -> f.key) = 'string'),
        'D'), ''::tsvector)
  END;

-- A record's document from its parts: title (A), body (B), tags and fields, public messages (C).
CREATE FUNCTION record_document(p_title text, p_body text, p_extra tsvector, p_messages text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN search_words(p_title, 'A')
      || search_words(html_to_text(p_body), 'B')
      || p_extra
      || coalesce(search_words(p_messages, 'C'), ''::tsvector);

-- The whole vector of a record from its columns (set-based rebuilds: the bench's load).
CREATE FUNCTION record_search_vector(p_id bigint, p_type char, p_title text, p_body text,
                                     p_tag_ids integer[], p_fields jsonb)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  RETURN record_document(p_title, p_body, record_extra_words(p_type, p_tag_ids, p_fields),
                         CASE WHEN p_type = 'T' THEN record_message_text(p_id) END);

-- The same for a stored record, by id (its tags and fields read from its row).
CREATE OR REPLACE FUNCTION record_search_vector(p_id bigint, p_type char, p_title text, p_body text)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  RETURN record_search_vector(p_id, p_type, p_title, p_body,
                              coalesce((SELECT tag_ids FROM records WHERE id = p_id), '{}'),
                              coalesce((SELECT fields FROM records WHERE id = p_id), '{}'));

CREATE OR REPLACE FUNCTION records_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  messages text := CASE WHEN NEW.object_type = 'T' THEN record_message_text(NEW.id) END;
BEGIN
  NEW.search_vector := record_document(NEW.title, NEW.body,
                         record_extra_words(NEW.object_type, NEW.tag_ids, NEW.fields), messages);
  NEW.search_message_chars := coalesce(length(messages), 0);
  RETURN NEW;
END $$;

DROP TRIGGER records_search_vector_update ON records;
CREATE TRIGGER records_search_vector_update
  BEFORE INSERT OR UPDATE OF title, body, object_type, tag_ids, fields ON records
  FOR EACH ROW EXECUTE FUNCTION records_search_vector_trigger();

-- Rebuilds the vectors of these records from their stored columns (a tag renamed, a field's
-- searchability changed, threads moved by a merge).
CREATE FUNCTION rebuild_search_vectors(p_ids bigint[]) RETURNS void
  LANGUAGE sql VOLATILE
  BEGIN ATOMIC
    UPDATE records r
       SET search_vector = record_document(r.title, r.body,
                             record_extra_words(r.object_type, r.tag_ids, r.fields), t.messages),
           search_message_chars = coalesce(length(t.messages), 0)
      FROM (SELECT u.id, CASE WHEN x.object_type = 'T' THEN record_message_text(u.id) END
              FROM unnest(p_ids) AS u(id) JOIN records x ON x.id = u.id) t(id, messages)
     WHERE r.id = t.id;
  END;

-- Migration 021's message trigger, its rebuild now with the tags and fields.
CREATE OR REPLACE FUNCTION record_messages_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cap CONSTANT integer := 200000;
  added text;
  known integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.thread <> 'communication' THEN
      RETURN NULL;
    END IF;
    added := html_to_text(NEW.body);
    -- The count is read from the row as updated (a concurrent reply to the same ticket is
    -- waited for and counted), and a NULL count appends nothing.
    UPDATE records r
       SET search_vector = r.search_vector || coalesce(search_words(added, 'C'), ''::tsvector),
           search_message_chars = r.search_message_chars + length(added)
                                  + CASE WHEN r.search_message_chars = 0 THEN 0 ELSE 1 END
     WHERE r.id = NEW.record_id AND r.object_type = 'T'
       AND r.search_message_chars + 1 + length(added) <= cap;
    IF FOUND THEN
      RETURN NULL;
    END IF;
    SELECT r.search_message_chars INTO known
      FROM records r WHERE r.id = NEW.record_id AND r.object_type = 'T';
    IF NOT FOUND OR known >= cap THEN
      RETURN NULL; -- not a ticket, or its searchable thread is full: nothing changes
    END IF;
  END IF;
  -- Rebuild: every ticket the change touched (a message moved between tickets touches two).
  PERFORM rebuild_search_vectors(ARRAY(
    SELECT DISTINCT x.record_id FROM (
      SELECT NEW.record_id, NEW.thread WHERE TG_OP <> 'DELETE'
      UNION ALL SELECT OLD.record_id, OLD.thread WHERE TG_OP <> 'INSERT') x(record_id, thread)
     WHERE x.thread = 'communication'));
  RETURN NULL;
END $$;

-- A renamed tag: its records' vectors.
CREATE FUNCTION tags_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_search_vectors(ARRAY(
    SELECT r.id FROM records r WHERE r.tag_ids @> ARRAY[NEW.id]));
  RETURN NULL;
END $$;
CREATE TRIGGER tags_search_update AFTER UPDATE OF name ON tags
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION tags_search_trigger();

-- A text field activated, deactivated, shown to or hidden from requesters (or its type changed):
-- the vectors of the records holding a value for it. A deleted field's values are removed from
-- the records first (routes/custom-fields/sql.ts), which rebuilds them through their trigger.
CREATE FUNCTION custom_fields_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type IN ('text', 'long_text') OR OLD.type IN ('text', 'long_text') THEN
    PERFORM rebuild_search_vectors(ARRAY(
      SELECT r.id FROM records r WHERE r.object_type = NEW.object_type AND r.fields ? NEW.key));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER custom_fields_search_update AFTER UPDATE ON custom_fields
  FOR EACH ROW
  WHEN ((OLD.active, OLD.shown_to_requesters, OLD.type, OLD.key)
        IS DISTINCT FROM (NEW.active, NEW.shown_to_requesters, NEW.type, NEW.key))
  EXECUTE FUNCTION custom_fields_search_trigger();

-- The records that already carry tags or field values.
SELECT rebuild_search_vectors(ARRAY(
  SELECT r.id FROM records r WHERE r.tag_ids <> '{}' OR r.fields <> '{}'));

-- 2. A desk restricted or opened (or made, or deleted), whatever made the change: every API
-- process's live hub reads again whether some desk is restricted (server/live/hub.ts). While none
-- is, the hub sends a record's events to every agent without asking the database.
CREATE FUNCTION helpdesks_access_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('helpdesk_desk_access', '');
  RETURN NULL;
END $$;
CREATE TRIGGER helpdesks_access_notify
  AFTER INSERT OR DELETE OR UPDATE OF restricted ON helpdesks
  FOR EACH STATEMENT EXECUTE FUNCTION helpdesks_access_notify();
