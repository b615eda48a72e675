-- Sessions and users announce their changes on the `session_changes` channel, so each API
-- process can keep a short-lived cache of live sessions (server/lib/session-cache.ts) and still
-- drop a revoked session or a changed user at once, whoever changed it (another process, a
-- script, psql). Payload: 's:<jti>' for a session, 'u:<user id>' for a user.
CREATE FUNCTION notify_session_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('session_changes', 's:' || OLD.jti);
  ELSE
    PERFORM pg_notify('session_changes', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
