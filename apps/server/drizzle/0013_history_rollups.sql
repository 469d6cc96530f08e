CREATE TABLE "play_content_daily" (
	"content_id" uuid NOT NULL,
	"play_date" date NOT NULL,
	"players" integer NOT NULL,
	"plays" bigint NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "play_content_daily_content_id_play_date_pk" PRIMARY KEY("content_id","play_date")
);
--> statement-breakpoint
CREATE TABLE "play_content_months" (
	"content_id" uuid NOT NULL,
	"month" date NOT NULL,
	"device_code" text NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "play_content_months_content_id_month_device_code_pk" PRIMARY KEY("content_id","month","device_code")
);
--> statement-breakpoint
ALTER TABLE "play_content_months" ADD CONSTRAINT "play_content_months_device_code_devices_device_code_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "play_content_daily" ("content_id", "play_date", "players", "plays", "duration_ms")
SELECT "content_id", "play_date", count(*), sum("plays"), sum("duration_ms") FROM "play_daily" GROUP BY "content_id", "play_date";--> statement-breakpoint
INSERT INTO "play_content_months" ("content_id", "month", "device_code", "days")
SELECT "content_id", date_trunc('month', "play_date")::date, "device_code", bit_or(1 << (extract(day from "play_date")::int - 1))
FROM "play_daily" GROUP BY 1, 2, 3;
