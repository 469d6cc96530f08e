CREATE TABLE "store_hours" (
	"device_code" text PRIMARY KEY NOT NULL,
	"week" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"windows_from" timestamp with time zone NOT NULL,
	"windows_until" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_hours_exceptions" (
	"device_code" text NOT NULL,
	"day" date NOT NULL,
	"ranges" jsonb NOT NULL,
	CONSTRAINT "store_hours_exceptions_device_code_day_pk" PRIMARY KEY("device_code","day")
);
--> statement-breakpoint
CREATE TABLE "store_hours_windows" (
	"device_code" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_hours_windows_device_code_opens_at_pk" PRIMARY KEY("device_code","opens_at")
);
