-- Trigram search for the player list (pg_trgm is a trusted extension: a database owner may create it; PGlite loads it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "devices_kitting_region_updated_idx" ON "devices" USING btree ("region","updated_at","device_code") WHERE deleted_at is null and registered_at is not null;--> statement-breakpoint
CREATE INDEX "devices_kitting_updated_idx" ON "devices" USING btree ("updated_at","device_code") WHERE deleted_at is null and registered_at is not null;--> statement-breakpoint
CREATE INDEX "devices_shop_name_trgm_idx" ON "devices" USING gin ("shop_name" gin_trgm_ops) WITH (fastupdate=false) WHERE deleted_at is null and registered_at is not null;--> statement-breakpoint
CREATE INDEX "devices_memo_trgm_idx" ON "devices" USING gin ("memo" gin_trgm_ops) WITH (fastupdate=false) WHERE deleted_at is null and registered_at is not null;