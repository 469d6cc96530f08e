CREATE TABLE "settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"type_id" uuid,
	"value" text NOT NULL,
	"level" smallint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"en" text NOT NULL,
	"ja" text NOT NULL,
	"zh" text NOT NULL,
	"ko" text NOT NULL,
	"preset" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "settings_type_value_key" UNIQUE("type","value")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_type_id_settings_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."settings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settings_type_level_updated_idx" ON "settings" USING btree ("type","level","updated_at","id");--> statement-breakpoint
CREATE INDEX "settings_updated_idx" ON "settings" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "settings_type_id_idx" ON "settings" USING btree ("type_id");--> statement-breakpoint
-- Preset tags (SPEC.md section 3): store types and installation sites (locations) with their names in
-- en, ja, zh (Traditional Chinese) and ko, the same texts as the console's storeType.* and location.*.
-- One millisecond apart, so the list (newest update first) shows them in this order.
INSERT INTO "settings" ("type", "value", "level", "preset", "en", "ja", "zh", "ko", "updated_at") VALUES
	('STORE_TYPE', '1SmallMid', 1, true, 'Small/mid-scale', '小・中規模店', '中小型店', '소·중형 매장', date_trunc('milliseconds', now()) - interval '0 milliseconds'),
	('STORE_TYPE', '2Large', 1, true, 'Large', '大型店', '大型店', '대형 매장', date_trunc('milliseconds', now()) - interval '1 milliseconds'),
	('STORE_TYPE', '3Flagship', 1, true, 'Flagship', '旗艦店', '旗艦店', '플래그십 매장', date_trunc('milliseconds', now()) - interval '2 milliseconds'),
	('STORE_TYPE', '4Japan', 1, true, 'Japan', '日本', '日本', '일본', date_trunc('milliseconds', now()) - interval '3 milliseconds'),
	('STORE_TYPE', '5JapanLocal', 1, true, 'Japan Local', '日本ローカル', '日本在地', '일본 로컬', date_trunc('milliseconds', now()) - interval '4 milliseconds'),
	('DEVICE_TYPE', '1M', 1, true, 'M area', 'Mエリア', 'M 區', 'M 구역', date_trunc('milliseconds', now()) - interval '5 milliseconds'),
	('DEVICE_TYPE', '2W', 1, true, 'W area', 'Wエリア', 'W 區', 'W 구역', date_trunc('milliseconds', now()) - interval '6 milliseconds'),
	('DEVICE_TYPE', '3MW', 1, true, 'M/W area', 'M/Wエリア', 'M/W 區', 'M/W 구역', date_trunc('milliseconds', now()) - interval '7 milliseconds'),
	('DEVICE_TYPE', '4Cashier', 1, true, 'Behind cashier', 'レジ裏', '收銀台後方', '계산대 뒤', date_trunc('milliseconds', now()) - interval '8 milliseconds'),
	('DEVICE_TYPE', '5Entrance', 1, true, 'Entrance', '入口', '入口', '입구', date_trunc('milliseconds', now()) - interval '9 milliseconds'),
	('DEVICE_TYPE', '6UT', 1, true, 'UT corner', 'UTコーナー', 'UT 專區', 'UT 코너', date_trunc('milliseconds', now()) - interval '10 milliseconds'),
	('DEVICE_TYPE', '9Unset', 1, true, 'Unset', '未設定', '未設定', '미설정', date_trunc('milliseconds', now()) - interval '11 milliseconds')
ON CONFLICT ("type", "value") DO NOTHING;
