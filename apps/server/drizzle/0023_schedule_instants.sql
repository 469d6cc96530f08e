-- Issue 26: when a schedule plays for a player is stored as instants, decided once by the domain's rules (the
-- server writes them with every schedule write and every change of a player's zone); SQL compares instants only.
ALTER TABLE "schedule_devices" ADD COLUMN "starts_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "schedule_devices" ADD COLUMN "ends_at" timestamp (3) with time zone;--> statement-breakpoint
-- Backfill an upgraded install's rows with the reading its SQL made until now (the wall clock read in the
-- player's zone with AT TIME ZONE), so every schedule keeps playing and ending as it did. These are the domain's
-- instants except for a start or end inside a DST gap or overlap hour; the next write of such a schedule, or
-- of its player's zone, stores the domain's (refreshInstants). This update fires the manifest triggers of
-- migration 0021, so every player on a schedule resolves its manifest again.
UPDATE "schedule_devices" sd SET
  "starts_at" = CASE WHEN s."date_from" IS NULL THEN NULL
    ELSE (s."date_from" + coalesce(s."time_from", '00:00:00'::time)) AT TIME ZONE d."time_zone" END,
  "ends_at" = CASE WHEN sd."ends_local" IS NULL THEN NULL
    ELSE (sd."ends_local" AT TIME ZONE d."time_zone") + interval '1 second' END
FROM "schedules" s, "devices" d
WHERE s."id" = sd."schedule_id" AND d."device_code" = sd."device_code";--> statement-breakpoint
DROP TABLE "schedule_player_ends" CASCADE;--> statement-breakpoint
DROP INDEX "schedule_devices_device_idx";--> statement-breakpoint
ALTER TABLE "schedule_devices" DROP COLUMN "ends_local";--> statement-breakpoint
ALTER TABLE "schedules" DROP COLUMN "ends_local";--> statement-breakpoint
CREATE INDEX "schedule_devices_device_idx" ON "schedule_devices" USING btree ("device_code","ends_at","schedule_id");
--> statement-breakpoint
-- The player list's has-schedule totals (migration 0017) now read schedule_devices: its writes bump the token
-- as schedule_player_ends' did.
CREATE CONSTRAINT TRIGGER "schedule_devices_player_list_version" AFTER INSERT OR DELETE OR UPDATE OF "ends_at"
	ON "schedule_devices" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "player_list_bump"();--> statement-breakpoint
CREATE TRIGGER "schedule_devices_player_list_truncate" AFTER TRUNCATE ON "schedule_devices"
	FOR EACH STATEMENT EXECUTE FUNCTION "player_list_bump"();
