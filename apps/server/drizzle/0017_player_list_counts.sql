-- The player list's totals are cached per search while this token is unchanged (modules/devices/counts.ts).
CREATE TABLE "player_list_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"token" uuid DEFAULT gen_random_uuid() NOT NULL
);--> statement-breakpoint
INSERT INTO "player_list_version" DEFAULT VALUES;--> statement-breakpoint
-- A new token once per transaction that can change a total. The triggers that call it are deferred: the row
-- is locked at commit, after every other lock the transaction takes, so two writers never deadlock on it and
-- hold it only while they commit. The token is random, so it never repeats (a new database, a restore).
CREATE FUNCTION "player_list_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('signage.player_list_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('signage.player_list_bumped', 'on', true);
    UPDATE "player_list_version" SET "token" = gen_random_uuid();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Players come and go, and staff change what the filters read. Not the heartbeat's columns (is_alive,
-- last_accessed, reported_time_zone, delivery, delivery_reported_at) nor the poll's (manifest_version,
-- manifest_changed_at): the filters reading those are cached for a few seconds only.
CREATE CONSTRAINT TRIGGER "devices_player_list_version"
	AFTER INSERT OR DELETE OR UPDATE OF "device_code", "deleted_at", "registered_at", "is_activated", "region",
		"shop_no", "shop_name", "memo", "time_zone", "display_pattern", "store_type", "device_type"
	ON "devices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "player_list_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "device_tags_player_list_version" AFTER INSERT OR DELETE OR UPDATE
	ON "device_tags" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "player_list_bump"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schedule_player_ends_player_list_version" AFTER INSERT OR DELETE OR UPDATE
	ON "schedule_player_ends" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "player_list_bump"();--> statement-breakpoint
CREATE TRIGGER "devices_player_list_truncate" AFTER TRUNCATE ON "devices"
	FOR EACH STATEMENT EXECUTE FUNCTION "player_list_bump"();--> statement-breakpoint
CREATE TRIGGER "device_tags_player_list_truncate" AFTER TRUNCATE ON "device_tags"
	FOR EACH STATEMENT EXECUTE FUNCTION "player_list_bump"();--> statement-breakpoint
CREATE TRIGGER "schedule_player_ends_player_list_truncate" AFTER TRUNCATE ON "schedule_player_ends"
	FOR EACH STATEMENT EXECUTE FUNCTION "player_list_bump"();
