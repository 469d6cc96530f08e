CREATE TABLE "play_acks" (
	"device_code" text PRIMARY KEY NOT NULL,
	"acked" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_events" (
	"device_code" text NOT NULL,
	"sequence" bigint NOT NULL,
	"content_id" uuid NOT NULL,
	"schedule_id" uuid,
	"started_at" timestamp (3) with time zone NOT NULL,
	"utc_offset_minutes" smallint NOT NULL,
	"duration_ms" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_events_device_code_sequence_pk" PRIMARY KEY("device_code","sequence")
);
--> statement-breakpoint
ALTER TABLE "play_acks" ADD CONSTRAINT "play_acks_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_events" ADD CONSTRAINT "play_events_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_events_content_started_idx" ON "play_events" USING btree ("content_id","started_at");