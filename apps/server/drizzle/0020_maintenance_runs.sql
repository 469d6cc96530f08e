CREATE TABLE "maintenance_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"slot_start" timestamp with time zone NOT NULL
);
