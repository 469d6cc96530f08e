ALTER TABLE "devices" ADD COLUMN "manifest_valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "manifest_changes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What a manifest is made of changed for these players: their stored validity ends (the next poll resolves)
-- and their change count moves on (a poll that resolved before this write committed records nothing).
-- Fired by the database itself, whoever writes (the console, the CLI, plain SQL); one statement per write
-- statement (statement triggers over the transition tables), however many rows it touched.
-- The rows are locked in device_code order first, as every writer locks players (devices/repo.ts,
-- lockPlayers): an update of many rows locks them in whatever order its plan reads them, and a content edit
-- doing that beside schedule writes on the same players deadlocked.
CREATE FUNCTION manifest_stale(codes text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE devices SET manifest_valid_until = NULL, manifest_changes = manifest_changes + 1
  WHERE device_code IN (
    SELECT device_code FROM devices WHERE device_code = ANY(codes) ORDER BY device_code FOR NO KEY UPDATE
  )
$$;--> statement-breakpoint
CREATE FUNCTION manifest_stale_schedule_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- schedule_devices and schedule_contents rows, new (insert, update) or old (update, delete).
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_TABLE_NAME = 'schedule_devices' THEN
      PERFORM manifest_stale(ARRAY(SELECT DISTINCT device_code FROM new_rows));
    ELSE
      PERFORM manifest_stale(ARRAY(SELECT DISTINCT sd.device_code FROM schedule_devices sd
        WHERE sd.schedule_id IN (SELECT schedule_id FROM new_rows)));
    END IF;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF TG_TABLE_NAME = 'schedule_devices' THEN
      PERFORM manifest_stale(ARRAY(SELECT DISTINCT device_code FROM old_rows));
    ELSE
      PERFORM manifest_stale(ARRAY(SELECT DISTINCT sd.device_code FROM schedule_devices sd
        WHERE sd.schedule_id IN (SELECT schedule_id FROM old_rows)));
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER schedule_devices_manifest_insert AFTER INSERT ON schedule_devices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manifest_stale_schedule_rows();--> statement-breakpoint
CREATE TRIGGER schedule_devices_manifest_update AFTER UPDATE ON schedule_devices
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manifest_stale_schedule_rows();--> statement-breakpoint
CREATE TRIGGER schedule_devices_manifest_delete AFTER DELETE ON schedule_devices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manifest_stale_schedule_rows();--> statement-breakpoint
CREATE TRIGGER schedule_contents_manifest_insert AFTER INSERT ON schedule_contents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manifest_stale_schedule_rows();--> statement-breakpoint
CREATE TRIGGER schedule_contents_manifest_update AFTER UPDATE ON schedule_contents
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manifest_stale_schedule_rows();--> statement-breakpoint
CREATE TRIGGER schedule_contents_manifest_delete AFTER DELETE ON schedule_contents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION manifest_stale_schedule_rows();--> statement-breakpoint
CREATE FUNCTION manifest_stale_schedules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manifest_stale(ARRAY(SELECT DISTINCT sd.device_code FROM schedule_devices sd
    WHERE sd.schedule_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A schedule's deletion cascades to its schedule_devices rows, whose trigger covers it.
CREATE TRIGGER schedules_manifest_update AFTER UPDATE ON schedules
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manifest_stale_schedules();--> statement-breakpoint
CREATE FUNCTION manifest_stale_contents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM manifest_stale(ARRAY(SELECT DISTINCT sd.device_code FROM schedule_contents sc
    JOIN schedule_devices sd ON sd.schedule_id = sc.schedule_id
    WHERE sc.content_id IN (SELECT id FROM new_rows)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contents_manifest_update AFTER UPDATE ON contents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION manifest_stale_contents();--> statement-breakpoint
-- The player's own columns that its manifest carries (zone, display pattern, store name), and its pairing.
CREATE FUNCTION manifest_stale_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.manifest_valid_until := NULL;
  NEW.manifest_changes := OLD.manifest_changes + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
-- The heartbeat's update names none of these columns, so it never runs this trigger (and stays HOT).
CREATE TRIGGER devices_manifest_update BEFORE UPDATE OF time_zone, display_pattern, shop_name, token_hash, deleted_at ON devices
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone OR OLD.display_pattern IS DISTINCT FROM NEW.display_pattern
    OR OLD.shop_name IS DISTINCT FROM NEW.shop_name OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION manifest_stale_device();
