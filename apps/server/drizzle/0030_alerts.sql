CREATE TABLE "alert_deliveries" (
	"message_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" integer,
	"error" text,
	CONSTRAINT "alert_deliveries_message_id_attempt_pk" PRIMARY KEY("message_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "alert_messages" (
	"message_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"players" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_states" (
	"device_code" text NOT NULL,
	"condition" text NOT NULL,
	"alerting" boolean NOT NULL,
	"since" timestamp with time zone,
	"alerted_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "alert_states_device_code_condition_pk" PRIMARY KEY("device_code","condition")
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"subscription_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conditions" text[] NOT NULL,
	"countries" text[] NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_message_id_alert_messages_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."alert_messages"("message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_messages" ADD CONSTRAINT "alert_messages_subscription_id_alert_subscriptions_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("subscription_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_messages_due_idx" ON "alert_messages" USING btree ("next_attempt_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "alert_messages_subscription_idx" ON "alert_messages" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_states_alerting_idx" ON "alert_states" USING btree ("device_code") WHERE alerting;--> statement-breakpoint
CREATE INDEX "alert_subscriptions_user_idx" ON "alert_subscriptions" USING btree ("user_id","created_at");