import { aliveCutoff, PAGE_SIZE } from '@signage/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, not, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { playerReachWhere } from '../../auth/rows';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { executeRows, preparedPerDatabase, rawRows } from '../../db/prepared';
import { devices, playerListVersion } from '../../db/schema';
import type { KeysetCursor } from '../../http/cursor';
import { settingNames, settingNamesTokenSql } from '../tags';
import type { PlayerHealthSql, PlayerSchedulesPort } from '../types';
import type { Counted } from './counts';
import { deliveryPendingSql } from './delivery';
import { healthConditionSql } from './health';
import { type ListedDevice, pageColumns, pageRows, type RawPageRow } from './pageRows';
import type { DeviceListFilter } from './scope';
import { idsOf, tagged, tagIdsSql } from './tags';

/** The player list's statements: one page in keyset order, and the count of a search. */

/** The has-schedule test of the list filter, over this table's columns (see PlayerSchedulesPort). */
export type ScheduledSql = PlayerSchedulesPort['scheduledSql'];

const contains = (text: string) => `%${escapeLike(text)}%`;

/** What the list's statements need of the schedules feature (see PlayerSchedulesPort) and of health. */
export type ListSchedulesSql = Pick<PlayerSchedulesPort, 'scheduledSql' | 'unendedIdsSql'> & {
  health?: PlayerHealthSql;
};
/** What the list's conditions need of other modules: the has-schedule test and health (for `health`). */
export type ListConditionSql = { scheduledSql: ScheduledSql; health?: PlayerHealthSql };

/**
 * A value of the WHERE clause: the value itself, or the placeholder `name` in a statement prepared once
 * for many values (preparedPage).
 */
type Bind = <T>(name: string, value: T) => T;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** The players a user may list at all (the policy's reach, auth/rows.ts), registered and not deleted. */
function baseConditions(filter: DeviceListFilter, bind: Bind): SQL[] {
  const reach = {
    region: filter.region === null ? null : bind('region', filter.region),
    shopNo: filter.shopNo === null ? null : bind('shopNo', filter.shopNo),
    isActivated: filter.is_activated === undefined ? undefined : bind('isActivated', filter.is_activated),
  };
  const where: (SQL | undefined)[] = [isNull(devices.deletedAt)];
  where.push(
    playerReachWhere(reach, { region: devices.region, shopNo: devices.shopNo, isActivated: devices.isActivated }),
  );
  // The player list holds players registered to a store; waiting ones are on the waiting list.
  where.push(sql`${devices.registeredAt} is not null`);
  return where.filter((c): c is SQL => c !== undefined);
}

/** The search's own filters (SPEC.md section 7) beyond the base: none for an unfiltered list. */
function filterConditions(filter: DeviceListFilter, now: Date, { scheduledSql, health }: ListConditionSql): SQL[] {
  const where: (SQL | undefined)[] = [];
  if (filter.health) {
    if (!health) throw new Error('the health filter needs the PlayerHealthSql port');
    where.push(sql`${devices.isActivated}`, healthConditionSql(filter.health, now, health));
  }
  const cutoff = aliveCutoff(now);
  if (filter.shop_name) where.push(ilike(devices.shopName, contains(filter.shop_name)));
  if (filter.memo) where.push(ilike(devices.memo, contains(filter.memo)));
  if (filter.has_schedule !== undefined) {
    const scheduled = scheduledSql({ deviceCode: devices.deviceCode, timeZone: devices.timeZone });
    where.push(filter.has_schedule ? scheduled : not(scheduled));
  }
  if (filter.delivery_pending) where.push(deliveryPendingSql);
  if (filter.is_alive === true) where.push(and(eq(devices.isAlive, true), sql`${devices.lastAccessed} >= ${cutoff}`));
  if (filter.is_alive === false) {
    where.push(or(eq(devices.isAlive, false), isNull(devices.lastAccessed), lt(devices.lastAccessed, cutoff)));
  }
  if (filter.display_pattern?.length) where.push(inArray(devices.displayPattern, filter.display_pattern));
  if (filter.store_type?.length) where.push(inArray(devices.storeType, filter.store_type));
  if (filter.device_type?.length) where.push(inArray(devices.deviceType, filter.device_type));
  if (filter.exclude_store_type?.length) where.push(notInArray(devices.storeType, filter.exclude_store_type));
  if (filter.exclude_device_type?.length) where.push(notInArray(devices.deviceType, filter.exclude_device_type));
  if (filter.tags?.length) where.push(tagged(filter.tags));
  if (filter.exclude_tag?.length) where.push(not(tagged(filter.exclude_tag)));
  return where.filter((c): c is SQL => c !== undefined);
}

/** The WHERE clause of a player list query (SPEC.md section 7 filters), without the cursor. */
function conditions(filter: DeviceListFilter, now: Date, ports: ListConditionSql): SQL[] {
  return [...baseConditions(filter, inline), ...filterConditions(filter, now, ports)];
}

/** The token of what the list's totals count, read in the statement's own snapshot (see counts.ts). */
const listToken = sql<string>`(select ${playerListVersion.token} from ${playerListVersion})`;

/** The devices row's own columns, qualified: a select list renders bare names, which a subquery would rebind. */
const qualifiedPlayer = { deviceCode: sql.raw('"devices"."device_code"'), timeZone: sql.raw('"devices"."time_zone"') };

type PageOptions = { cursor: KeysetCursor | null; limit: number; now: Date };

/** One page's statement: the rows in keyset order (updated_at, device_code), no OFFSET. */
function pageQuery(
  db: Database,
  filter: DeviceListFilter,
  where: SQL[],
  cursor: { at: unknown; key: unknown } | null,
  limit: unknown,
  schedulesSql: ListSchedulesSql,
) {
  const descending = filter.order === 'DESC';
  const clauses = [...where];
  if (cursor) {
    clauses.push(
      descending
        ? sql`(${devices.updatedAt}, ${devices.deviceCode}) < (${cursor.at}, ${cursor.key})`
        : sql`(${devices.updatedAt}, ${devices.deviceCode}) > (${cursor.at}, ${cursor.key})`,
    );
  }
  const direction = descending ? desc : asc;
  return db
    .select({
      ...pageColumns,
      tagIds: tagIdsSql.as('tag_ids'),
      scheduleIds: schedulesSql.unendedIdsSql(qualifiedPlayer).as('schedule_ids'),
      listToken: listToken.as('list_token'),
      namesToken: settingNamesTokenSql.as('names_token'),
    })
    .from(devices)
    .where(and(...clauses))
    .orderBy(direction(devices.updatedAt), direction(devices.deviceCode))
    .limit(limit as number);
}

/**
 * The page statements of the unfiltered list (any scope, activation, order, with or without a cursor) at the
 * console's page size, each prepared once per database under its own name: on PostgreSQL each pooled
 * connection parses it once and, after its first executions, plans it once (a generic plan: every value
 * here leaves the plan as it is, the index on the scope and updated_at serving each). The row count is
 * written into the statement: with LIMIT as a parameter the generic plan is costed for a tenth of the table
 * and PostgreSQL keeps planning every execution. Filtered searches and other page sizes are built per
 * request: their plans depend on the values (a rare tag, a name pattern) and a generic plan could read the
 * whole table.
 */
const preparedPages = preparedPerDatabase(() => new Map<string, ReturnType<typeof buildPreparedPage>>());

/** The rows a console page asks for: its page and one more that tells whether more follow. */
const PREPARED_LIMIT = PAGE_SIZE + 1;

function buildPreparedPage(db: Database, filter: DeviceListFilter, cursor: boolean, schedulesSql: ListSchedulesSql) {
  const at = sql.placeholder('at');
  const key = sql.placeholder('key');
  return pageQuery(
    db,
    filter,
    baseConditions(filter, placeholder),
    cursor ? { at, key } : null,
    sql.raw(String(PREPARED_LIMIT)),
    schedulesSql,
  ).prepare(`devices_page_${shapeOf(filter, cursor)}`);
}

/** What the text of an unfiltered page statement depends on. */
function shapeOf(filter: DeviceListFilter, cursor: boolean): string {
  const region = filter.region === null ? 'any' : 'region';
  const shop = filter.shopNo === null ? 'any' : 'shop';
  const activated = filter.is_activated === undefined ? 'all' : 'activated';
  return `${filter.order === 'DESC' ? 'desc' : 'asc'}_${region}_${shop}_${activated}_${cursor ? 'after' : 'first'}`;
}

/**
 * One page in keyset order (updated_at, device_code); no OFFSET. Each row with its tags (named: see
 * settingNames) and the ids of its un-ended schedules, and the token of player_list_version its snapshot read
 * (null when the page is empty).
 */
export async function listDevices(
  db: Database,
  filter: DeviceListFilter,
  page: PageOptions,
  schedulesSql: ListSchedulesSql,
): Promise<{ rows: ListedDevice[]; token: string | null }> {
  const filters = filterConditions(filter, page.now, schedulesSql);
  let found: RawPageRow[];
  if (filters.length === 0 && page.limit === PREPARED_LIMIT) {
    const shape = shapeOf(filter, page.cursor !== null);
    const prepared = preparedPages(db);
    let query = prepared.get(shape);
    if (!query) {
      query = buildPreparedPage(db, filter, page.cursor !== null, schedulesSql);
      prepared.set(shape, query);
    }
    found = await rawRows<RawPageRow>(query, {
      region: filter.region,
      shopNo: filter.shopNo,
      isActivated: filter.is_activated,
      at: page.cursor?.at,
      key: page.cursor?.key,
    });
  } else {
    const where = [...baseConditions(filter, inline), ...filters];
    const cursor = page.cursor ? { at: page.cursor.at, key: page.cursor.key } : null;
    found = await executeRows<RawPageRow>(db, pageQuery(db, filter, where, cursor, page.limit, schedulesSql));
  }
  const first = found[0];
  const tagIds = found.map((row) => idsOf(row.tag_ids));
  const names = await settingNames(db, first?.names_token ?? null, tagIds.flat());
  return { rows: pageRows(found, tagIds, names), token: first?.list_token ?? null };
}

/** The number of players a search finds, with the token of player_list_version in the same snapshot. */
export async function countDevices(
  db: Database,
  filter: DeviceListFilter,
  now: Date,
  ports: ListConditionSql,
): Promise<Counted> {
  const [row] = await db
    .select({ token: listToken, n: count() })
    .from(devices)
    .where(and(...conditions(filter, now, ports)));
  if (!row) throw new Error('a count answered no row');
  return { total: row.n, token: row.token };
}

/** The codes of the players a search finds, in code order, at most `limit` (a bulk action on a selection). */
export async function matchingDeviceCodes(
  db: Database,
  filter: DeviceListFilter,
  now: Date,
  ports: ListConditionSql,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ code: devices.deviceCode })
    .from(devices)
    .where(and(...conditions(filter, now, ports)))
    .orderBy(asc(devices.deviceCode))
    .limit(limit);
  return rows.map((row) => row.code);
}
