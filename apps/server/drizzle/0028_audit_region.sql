ALTER TABLE "audit_log" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_region_at_idx" ON "audit_log" USING btree ("region","at","id");