CREATE TABLE "play_content_daily" (
	"content_id" uuid NOT NULL,
	"play_date" date NOT NULL,
	"players" integer NOT NULL,
	"plays" bigint NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "play_content_daily_content_id_play_date_pk" PRIMARY KEY("content_id","play_date")
);
--> statement-breakpoint
INSERT INTO "play_content_daily" ("content_id", "play_date", "players", "plays", "duration_ms")
SELECT "content_id", "play_date", count(*), sum("plays"), sum("duration_ms") FROM "play_daily" GROUP BY "content_id", "play_date";
