CREATE TABLE "play_daily" (
	"content_id" uuid NOT NULL,
	"play_date" date NOT NULL,
	"device_code" text NOT NULL,
	"plays" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "play_daily_content_id_play_date_device_code_pk" PRIMARY KEY("content_id","play_date","device_code")
);
--> statement-breakpoint
ALTER TABLE "play_daily" ADD CONSTRAINT "play_daily_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_daily_device_date_idx" ON "play_daily" USING btree ("device_code","play_date");--> statement-breakpoint
CREATE INDEX "play_daily_date_content_idx" ON "play_daily" USING btree ("play_date","content_id");