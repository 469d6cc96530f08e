CREATE TABLE "contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"display_pattern" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"license_from" date,
	"license_to" date,
	"media_key" text,
	"thumbnail_key" text,
	"content_type" text,
	"size" bigint,
	"sha256" text,
	"width" integer,
	"height" integer,
	"duration_seconds" double precision,
	"live_platform" text,
	"live_ref" text,
	"title" text,
	"livestation_url" text,
	"bambuser_show_id" text,
	"layout" text,
	"output_resolution" text,
	"output_width" integer,
	"output_height" integer,
	"live_logo_position" text,
	"live_prompt" text,
	"live_dashboard" text,
	"rtmp_url" text,
	"stream_key" text,
	"playback_url" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "contents_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "contents_updated_idx" ON "contents" USING btree ("updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_region_updated_idx" ON "contents" USING btree ("region","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_type_updated_idx" ON "contents" USING btree ("type","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contents_pattern_updated_idx" ON "contents" USING btree ("display_pattern","updated_at","id") WHERE deleted_at is null;