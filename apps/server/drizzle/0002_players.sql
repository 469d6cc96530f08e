CREATE TABLE "device_logs" (
	"log_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_code" text NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_pins" (
	"device_code" text PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tags" (
	"device_code" text NOT NULL,
	"setting_id" uuid NOT NULL,
	CONSTRAINT "device_tags_device_code_setting_id_pk" PRIMARY KEY("device_code","setting_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"device_code" text PRIMARY KEY NOT NULL,
	"device_name" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"shop_no" text DEFAULT '' NOT NULL,
	"shop_name" text DEFAULT '' NOT NULL,
	"display_pattern" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"store_type" text DEFAULT '' NOT NULL,
	"device_type" text DEFAULT '9Unset' NOT NULL,
	"s2id" text DEFAULT '' NOT NULL,
	"is_alive" boolean DEFAULT false NOT NULL,
	"is_activated" boolean DEFAULT false NOT NULL,
	"has_schedule" boolean DEFAULT false NOT NULL,
	"token_hash" text,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"last_accessed" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_device_name_unique" UNIQUE("device_name"),
	CONSTRAINT "devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "pairing_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pairing_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_logs" ADD CONSTRAINT "device_logs_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_pins" ADD CONSTRAINT "device_pins_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tags" ADD CONSTRAINT "device_tags_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tags" ADD CONSTRAINT "device_tags_setting_id_settings_id_fk" FOREIGN KEY ("setting_id") REFERENCES "public"."settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_logs_device_started_idx" ON "device_logs" USING btree ("device_code","started_at","log_id");--> statement-breakpoint
CREATE INDEX "device_tags_setting_idx" ON "device_tags" USING btree ("setting_id","device_code");--> statement-breakpoint
CREATE INDEX "devices_activated_updated_idx" ON "devices" USING btree ("is_activated","updated_at","device_code");--> statement-breakpoint
CREATE INDEX "devices_region_updated_idx" ON "devices" USING btree ("region","is_activated","updated_at","device_code");--> statement-breakpoint
CREATE INDEX "devices_region_shop_idx" ON "devices" USING btree ("region","shop_no");--> statement-breakpoint
CREATE INDEX "devices_last_accessed_idx" ON "devices" USING btree ("last_accessed");--> statement-breakpoint
CREATE INDEX "devices_waiting_idx" ON "devices" USING btree ("is_activated","created_at");--> statement-breakpoint
CREATE INDEX "pairing_failures_key_at_idx" ON "pairing_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "pairing_failures_at_idx" ON "pairing_failures" USING btree ("at");