-- Issue 26: when a schedule plays for a player is stored as instants, decided once by the domain's rules (the
-- server writes them with every schedule write and every change of a player's zone); SQL compares instants only.
ALTER TABLE "schedule_devices" ADD COLUMN "starts_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "schedule_devices" ADD COLUMN "ends_at" timestamp (3) with time zone;--> statement-breakpoint
-- Backfill an upgraded install's rows with the reading the server made until now (the wall clock read in the
-- player's zone): the same instants except inside a DST overlap or gap, which the server corrects at start
-- (schedules module, recomputeScheduleInstants) with the domain's policy. This update fires the manifest
-- triggers of migration 0021, so every player on a schedule resolves its manifest again.
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
