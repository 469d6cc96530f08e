import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { settingNamesVersion, settings } from '../../db/schema';

/** A setting's name in each catalogue language ('' for a setting that no longer exists). */
export type SettingNames = { en: string; ja: string; zh: string; ko: string };

/** The names of an id without a setting. */
export const NO_NAMES: SettingNames = { en: '', ja: '', zh: '', ko: '' };

/**
 * The token of setting_names_version (migration 0019), for a statement that reads setting ids to read in
 * its own snapshot: names kept under that token are the names that snapshot would have joined.
 */
export const settingNamesTokenSql = sql<string>`(select ${settingNamesVersion.token} from ${settingNamesVersion})`;

/** Names read under one token; a new token starts a new map. */
type Kept = { token: string; names: Map<string, SettingNames> };

/** Per database (tests open many), the names this process has read, under the token they were read with. */
const kept = preparedPerDatabase((): { current: Kept | null } => ({ current: null }));

/**
 * The names of settings (tags) by id, for rows a statement read together with `token` (settingNamesTokenSql):
 * without a database round trip when this process has read them under the same token, since every write to
 * settings changes the token in its own transaction. Otherwise reads the names of all the caller's ids with
 * the current token in one statement and keeps them under it: a rename committed since the caller's snapshot
 * then shows already, as it would on the next page. An id without a setting gets empty names, as a left join
 * gives.
 */
export async function settingNames(
  db: Database,
  token: string | null,
  ids: Iterable<string>,
): Promise<Map<string, SettingNames>> {
  const state = kept(db);
  const wanted = [...new Set(ids)];
  const current = state.current;
  if (current?.token === token && wanted.every((id) => current.names.has(id))) return current.names;
  if (wanted.length === 0) return new Map();
  const [read] = await db
    .select({
      token: settingNamesVersion.token,
      rows: sql<
        (SettingNames & { id: string })[]
      >`coalesce((select json_agg(json_build_object('id', ${settings.id}, 'en', ${settings.en}, 'ja', ${settings.ja}, 'zh', ${settings.zh}, 'ko', ${settings.ko})) from ${settings} where ${inArray(settings.id, wanted)}), '[]'::json)`,
    })
    .from(settingNamesVersion);
  if (!read) throw new Error('setting_names_version has no row');
  // Names read under the token this process keeps join its map; another token starts a new one.
  const into = state.current?.token === read.token ? state.current : { token: read.token, names: new Map() };
  for (const id of wanted) into.names.set(id, NO_NAMES);
  for (const { id, ...names } of read.rows) into.names.set(id, names);
  state.current = into;
  return into.names;
}
