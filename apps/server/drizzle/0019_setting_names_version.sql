-- Each server process keeps the names of the settings (tags) it has shown while this token is unchanged
-- (modules/setting/names.ts); a statement that lists tags reads the token in its own snapshot.
CREATE TABLE "setting_names_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"token" uuid DEFAULT gen_random_uuid() NOT NULL
);--> statement-breakpoint
INSERT INTO "setting_names_version" DEFAULT VALUES;--> statement-breakpoint
-- A new token once per transaction that writes settings, at its commit (deferred, as player_list_bump in
-- 0017: the row is locked last, so two writers never deadlock on it). Random, so it never repeats.
CREATE FUNCTION "setting_names_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('signage.setting_names_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('signage.setting_names_bumped', 'on', true);
    UPDATE "setting_names_version" SET "token" = gen_random_uuid();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "settings_names_version" AFTER INSERT OR DELETE OR UPDATE
	ON "settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "setting_names_bump"();--> statement-breakpoint
CREATE TRIGGER "settings_names_truncate" AFTER TRUNCATE ON "settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "setting_names_bump"();
