ALTER TABLE "devices" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "delivery_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "manifest_version" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "manifest_changed_at" timestamp with time zone;