-- The served-manifest cache (src/auth/cache.ts, CachedManifest): a poll whose If-None-Match names the version
-- a process last saw served to the player, while it holds, is answered 304 without reading the database. Every
-- write that can end that answer changes one of these columns: the version a poll recorded, its validity
-- (cleared by manifest_stale, migration 0021, and by markManifestsChanged), the change count both move. The
-- database tells every listening process on channel 'auth_cache' ('m:<token hash>') when the write commits,
-- whoever wrote it. No column list: devices_manifest_update (0021) clears the validity in a BEFORE trigger when
-- a store's name, zone or pattern is written, and a column list only sees the columns the UPDATE names. The
-- heartbeat's update changes none of them, so the WHEN clause queues nothing for it.
CREATE FUNCTION auth_cache_manifest_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_cache', 'm:' || OLD.token_hash);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER devices_auth_cache_manifest AFTER UPDATE ON devices FOR EACH ROW WHEN (OLD.token_hash IS NOT NULL AND (
    OLD.manifest_version IS DISTINCT FROM NEW.manifest_version
    OR OLD.manifest_valid_until IS DISTINCT FROM NEW.manifest_valid_until
    OR OLD.manifest_changes IS DISTINCT FROM NEW.manifest_changes))
  EXECUTE FUNCTION auth_cache_manifest_changed();
