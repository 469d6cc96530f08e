CREATE TABLE "emergency_devices" (
	"device_code" text NOT NULL,
	"emergency_id" uuid NOT NULL,
	CONSTRAINT "emergency_devices_device_code_emergency_id_pk" PRIMARY KEY("device_code","emergency_id")
);
--> statement-breakpoint
CREATE TABLE "emergency_messages" (
	"emergency_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"content_id" uuid,
	"target" jsonb NOT NULL,
	"region" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"player_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_events" ADD COLUMN "emergency_id" uuid;--> statement-breakpoint
ALTER TABLE "emergency_devices" ADD CONSTRAINT "emergency_devices_emergency_id_emergency_messages_emergency_id_fk" FOREIGN KEY ("emergency_id") REFERENCES "public"."emergency_messages"("emergency_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emergency_devices_emergency_idx" ON "emergency_devices" USING btree ("emergency_id");--> statement-breakpoint
CREATE INDEX "emergency_messages_created_idx" ON "emergency_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "play_events_emergency_idx" ON "play_events" USING btree ("emergency_id","device_code") WHERE "play_events"."emergency_id" is not null;