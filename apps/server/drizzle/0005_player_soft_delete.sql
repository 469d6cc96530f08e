ALTER TABLE "devices" DROP CONSTRAINT "devices_device_name_unique";--> statement-breakpoint
DROP INDEX "devices_activated_updated_idx";--> statement-breakpoint
DROP INDEX "devices_region_updated_idx";--> statement-breakpoint
DROP INDEX "devices_region_shop_idx";--> statement-breakpoint
DROP INDEX "devices_waiting_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_name_live_key" ON "devices" USING btree ("device_name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "devices_activated_updated_idx" ON "devices" USING btree ("is_activated","updated_at","device_code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "devices_region_updated_idx" ON "devices" USING btree ("region","is_activated","updated_at","device_code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "devices_region_shop_idx" ON "devices" USING btree ("region","shop_no") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "devices_waiting_idx" ON "devices" USING btree ("is_activated","created_at") WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "has_schedule";