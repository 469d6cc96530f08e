CREATE TABLE "device_commands" (
	"command_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_code" text NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"message" text,
	"screenshot_id" uuid
);
--> statement-breakpoint
CREATE TABLE "device_screenshots" (
	"screenshot_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_code" text NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"error" text,
	"command_id" uuid
);
--> statement-breakpoint
CREATE INDEX "device_commands_device_requested_idx" ON "device_commands" USING btree ("device_code","requested_at");--> statement-breakpoint
CREATE INDEX "device_screenshots_device_taken_idx" ON "device_screenshots" USING btree ("device_code","taken_at");