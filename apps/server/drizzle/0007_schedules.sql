CREATE TABLE "schedule_contents" (
	"schedule_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_id" uuid NOT NULL,
	CONSTRAINT "schedule_contents_schedule_id_position_pk" PRIMARY KEY("schedule_id","position")
);
--> statement-breakpoint
CREATE TABLE "schedule_devices" (
	"schedule_id" uuid NOT NULL,
	"device_code" text NOT NULL,
	"ends_local" timestamp,
	CONSTRAINT "schedule_devices_schedule_id_device_code_pk" PRIMARY KEY("schedule_id","device_code")
);
--> statement-breakpoint
CREATE TABLE "schedule_player_ends" (
	"device_code" text PRIMARY KEY NOT NULL,
	"last_end_local" timestamp,
	"open" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_name" text NOT NULL,
	"playlist_name" text NOT NULL,
	"date_from" date,
	"date_to" date,
	"time_from" time,
	"time_to" time,
	"ends_local" timestamp GENERATED ALWAYS AS (("date_to" + coalesce("time_to", '23:59:59'::time))) STORED,
	"download_allow_hour" text DEFAULT '23' NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"zone_code" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_contents" ADD CONSTRAINT "schedule_contents_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_contents" ADD CONSTRAINT "schedule_contents_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_devices" ADD CONSTRAINT "schedule_devices_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_devices" ADD CONSTRAINT "schedule_devices_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_player_ends" ADD CONSTRAINT "schedule_player_ends_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_contents_content_idx" ON "schedule_contents" USING btree ("content_id","schedule_id");--> statement-breakpoint
CREATE INDEX "schedule_devices_device_idx" ON "schedule_devices" USING btree ("device_code","ends_local","schedule_id");--> statement-breakpoint
CREATE INDEX "schedules_created_idx" ON "schedules" USING btree ("created_at","id");