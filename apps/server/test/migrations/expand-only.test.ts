import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/paths';
import { contractSteps } from './expandOnly';

/**
 * Upgrades with old servers running (docs/operations.md section 4): every migration after the previous
 * release (drizzle/releases.json, releasedThrough) is expand-only, or declared there as a contract step with
 * its reason. A migration an old server could not survive fails here before it ships.
 */
type Releases = { releasedThrough: string; contract: Record<string, string> };
const releases = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'releases.json'), 'utf8')) as Releases;
const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tags = journal.entries.map((entry) => entry.tag);
const migration = (tag: string) => ({ name: tag, sql: readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8') });
const given = (statement: string) => [{ name: 'given', sql: statement }];

describe('migrations after the previous release', () => {
  it('name a released migration that exists, and contract steps that are newer than it', () => {
    const released = tags.indexOf(releases.releasedThrough);
    expect(released, `${releases.releasedThrough} is not in the journal`).toBeGreaterThanOrEqual(0);
    for (const [tag, why] of Object.entries(releases.contract)) {
      expect(tags.indexOf(tag), `contract step ${tag}`).toBeGreaterThan(released);
      expect(why.trim().length, `contract step ${tag} says why`).toBeGreaterThan(20);
    }
  });

  it('only expand the schema, unless declared a contract step', () => {
    const newer = tags.slice(tags.indexOf(releases.releasedThrough) + 1).filter((tag) => !(tag in releases.contract));
    // In order, together: a table created by one newer migration may be changed by a later one.
    const findings = contractSteps(newer.map(migration));
    expect(findings.map((f) => `${f.migration}: ${f.statement} (${f.why})`)).toEqual([]);
  });
});

describe('the check', () => {
  it('finds the contract steps of past releases', () => {
    // These dropped columns and a table that the code of their time still read until it was replaced.
    expect(contractSteps([migration('0014_live_broadcasts')]).map((f) => f.statement)).toContain(
      'ALTER TABLE "contents" DROP COLUMN "playback_url";',
    );
    const instants = contractSteps([migration('0023_schedule_instants')]).map((f) => f.why);
    expect(instants).toContain('drops what old code may use');
    expect(instants).toContain('drops a column old code reads or writes');
  });

  it('refuses each change an old server could not survive', () => {
    const unsafe = [
      'DROP TABLE "devices";',
      'ALTER TABLE "devices" DROP COLUMN "shop_code";',
      'ALTER TABLE "devices" RENAME COLUMN "shop_code" TO "store_code";',
      'ALTER TABLE "devices" RENAME TO "players";',
      'ALTER TABLE "devices" ALTER COLUMN "shop_code" SET DATA TYPE integer;',
      'ALTER TABLE "devices" ALTER COLUMN "shop_code" TYPE integer USING shop_code::integer;',
      'ALTER TABLE "devices" ALTER COLUMN "shop_code" SET NOT NULL;',
      'ALTER TABLE "devices" ALTER COLUMN "shop_code" DROP DEFAULT;',
      'ALTER TABLE "devices" ADD COLUMN "opening" text NOT NULL;',
      'ALTER TABLE "devices" ADD CONSTRAINT "devices_shop_check" CHECK (shop_code <> \'\');',
      'CREATE UNIQUE INDEX "devices_shop_idx" ON "devices" USING btree ("shop_code");',
      'DROP INDEX "devices_region_idx";',
    ];
    for (const statement of unsafe) expect(contractSteps(given(statement)), statement).toHaveLength(1);
  });

  it('lets expansions through: new tables (and their constraints), nullable or defaulted columns, indexes', () => {
    const statements = [
      'CREATE TABLE "opening_hours" ("device_code" text NOT NULL, "weekday" integer NOT NULL);',
      'ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_device_fk" FOREIGN KEY ("device_code") REFERENCES "public"."devices"("device_code");',
      'CREATE UNIQUE INDEX "opening_hours_day_idx" ON "opening_hours" USING btree ("device_code","weekday");',
      'ALTER TABLE "devices" ADD COLUMN "time_zone" text;',
      'ALTER TABLE "devices" ADD COLUMN "alerts" integer DEFAULT 0 NOT NULL;',
      'CREATE INDEX "devices_zone_idx" ON "devices" USING btree ("time_zone");',
      // A function body that updates rows is code, not a schema change.
      'CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ALTER TABLE x RENAME TO y; RETURN NULL; END $$;',
      'UPDATE "devices" SET "alerts" = 1 WHERE "deleted_at" IS NULL;',
    ].join('--> statement-breakpoint\n');
    expect(contractSteps(given(statements))).toEqual([]);
  });
});
