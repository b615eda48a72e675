-- A public message added to a ticket appends its words to the ticket's search vector instead of
-- rebuilding the vector from the whole thread (migration 005 ran both stemmers over every
-- message of the thread on every reply: a reply cost grew with the thread). The vector keeps
-- what migration 005 defines: title (A), body (B) and the first 200,000 characters of the public
-- messages joined by spaces (C). `search_message_chars` is that joined text's length, so a new
-- message can tell whether it fits: it is appended when it does, changes nothing once the cap
-- is reached, and rebuilds the vector when it crosses the cap, when the count is not known yet
-- (rows from before this migration: NULL), and when a message is edited, moved or removed.

ALTER TABLE records ADD COLUMN search_message_chars integer;

-- The public messages' searchable text, capped (what migration 005's vector reads).
CREATE FUNCTION record_message_text(p_id bigint) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN (SELECT left(string_agg(html_to_text(m.body), ' ' ORDER BY m.id), 200000)
            FROM record_messages m
           WHERE m.record_id = p_id AND m.thread = 'communication');

-- A record's document from its parts (one definition for the rebuild and the trigger).
CREATE FUNCTION record_words(p_title text, p_body text, p_messages text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN search_words(p_title, 'A')
      || search_words(html_to_text(p_body), 'B')
      || coalesce(search_words(p_messages, 'C'), ''::tsvector);

CREATE OR REPLACE FUNCTION record_search_vector(p_id bigint, p_type char, p_title text, p_body text)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  RETURN record_words(p_title, p_body,
                      CASE WHEN p_type = 'T' THEN record_message_text(p_id) END);

CREATE OR REPLACE FUNCTION records_search_vector_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  messages text := CASE WHEN NEW.object_type = 'T' THEN record_message_text(NEW.id) END;
BEGIN
  NEW.search_vector := record_words(NEW.title, NEW.body, messages);
  NEW.search_message_chars := coalesce(length(messages), 0);
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION record_messages_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cap CONSTANT integer := 200000;
  added text;
  known integer;
  rid bigint;
  messages text;
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
  FOR rid IN
    SELECT DISTINCT x.record_id FROM (
      SELECT NEW.record_id, NEW.thread WHERE TG_OP <> 'DELETE'
      UNION ALL SELECT OLD.record_id, OLD.thread WHERE TG_OP <> 'INSERT') x(record_id, thread)
     WHERE x.thread = 'communication'
  LOOP
    messages := record_message_text(rid);
    UPDATE records r
       SET search_vector = record_words(r.title, r.body, messages),
           search_message_chars = coalesce(length(messages), 0)
     WHERE r.id = rid AND r.object_type = 'T';
  END LOOP;
  RETURN NULL;
END $$;
