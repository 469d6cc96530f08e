-- The in-process cache of sessions and device tokens (src/auth/cache.ts) is told on channel 'auth_cache',
-- by the database itself, of every write that must end a cached entry: from any server, the CLI or plain SQL.
-- Payloads: 's:<session id>,...' (sessions gone or changed), 'u:<user pk>' (a user changed or removed: role,
-- region, store, name, password), 'd:<token hash>' (a player's token revoked, replaced or its player deleted),
-- '*' (forget everything: a bulk change or TRUNCATE). A NOTIFY goes out only when its transaction commits.
CREATE FUNCTION auth_cache_sessions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(id) INTO ids FROM (SELECT id FROM gone LIMIT 101) AS first;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- 100 ids (64 hex characters each) stay inside NOTIFY's 8000-byte payload; more: forget everything.
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('auth_cache', '*');
  ELSE
    PERFORM pg_notify('auth_cache', 's:' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_cache_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_sessions_deleted();--> statement-breakpoint
CREATE FUNCTION auth_cache_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 's:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- last_seen_at (written every few minutes by a live session) is not among the columns: it tells nobody.
CREATE TRIGGER sessions_auth_cache_update AFTER UPDATE OF id, user_pk, expires_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION auth_cache_session_changed();--> statement-breakpoint
CREATE FUNCTION auth_cache_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 'u:' || OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_auth_cache AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_cache_user_changed();--> statement-breakpoint
CREATE FUNCTION auth_cache_device_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.token_hash IS NOT NULL THEN
    PERFORM pg_notify('auth_cache', 'd:' || OLD.token_hash);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The heartbeat's update names none of these columns, so it never runs this trigger.
CREATE TRIGGER devices_auth_cache_update AFTER UPDATE OF token_hash, is_activated, deleted_at ON devices
  FOR EACH ROW WHEN (OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.is_activated IS DISTINCT FROM NEW.is_activated OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION auth_cache_device_changed();--> statement-breakpoint
CREATE TRIGGER devices_auth_cache_delete AFTER DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION auth_cache_device_changed();--> statement-breakpoint
CREATE FUNCTION auth_cache_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_truncated();--> statement-breakpoint
CREATE TRIGGER users_auth_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_truncated();--> statement-breakpoint
CREATE TRIGGER devices_auth_cache_truncate AFTER TRUNCATE ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION auth_cache_truncated();
