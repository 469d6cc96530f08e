CREATE TABLE "live_broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_id" uuid NOT NULL,
	"ingest_client" text NOT NULL,
	"key_hash" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "stream_key_hash" text;--> statement-breakpoint
ALTER TABLE "live_broadcasts" ADD CONSTRAINT "live_broadcasts_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_broadcasts_open_idx" ON "live_broadcasts" USING btree ("content_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "live_broadcasts_content_ended_idx" ON "live_broadcasts" USING btree ("content_id","ended_at");--> statement-breakpoint
CREATE INDEX "contents_stream_key_hash_idx" ON "contents" USING btree ("stream_key_hash") WHERE stream_key_hash is not null;--> statement-breakpoint
UPDATE "contents" SET "stream_key_hash" = encode(sha256(convert_to("stream_key", 'UTF8')), 'hex') WHERE "stream_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" DROP COLUMN "playback_url";
