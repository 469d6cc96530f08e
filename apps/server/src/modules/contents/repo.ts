import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type ContentReach, contentReachWhere } from '../../auth/rows';
import type { Database } from '../../db/client';
import { escapeLike } from '../../db/like';
import { contents } from '../../db/schema';
import type { KeysetCursor } from '../../http/cursor';
import { sameStreamKey, streamKeyHash } from '../../live';

export type ContentRow = typeof contents.$inferSelect;
export type NewContentRow = typeof contents.$inferInsert;

export type ContentFilter = {
  /** Whose contents (the policy's content reach, auth/rows.ts): a region, and maybe those for all countries. */
  reach: ContentReach;
  name?: string;
  types?: ContentRow['type'][];
  displayPattern?: string;
  updatedFrom?: Date;
  updatedBefore?: Date;
  /** Deleted contents too (the play history keeps them). */
  includeDeleted?: boolean;
  /** A further condition over the content's id, from another module (the history's "played in a window"). */
  where?: (contentId: typeof contents.id) => SQL;
};

function filterConditions(filter: ContentFilter): SQL[] {
  const conditions: SQL[] = filter.includeDeleted ? [] : [isNull(contents.deletedAt)];
  if (filter.where) conditions.push(filter.where(contents.id));
  const scope = contentReachWhere(filter.reach, contents.region);
  if (scope) conditions.push(scope);
  if (filter.name) conditions.push(ilike(contents.name, `%${escapeLike(filter.name)}%`));
  if (filter.types) conditions.push(inArray(contents.type, filter.types));
  if (filter.displayPattern) conditions.push(eq(contents.displayPattern, filter.displayPattern));
  if (filter.updatedFrom) conditions.push(gte(contents.updatedAt, filter.updatedFrom));
  if (filter.updatedBefore) conditions.push(lt(contents.updatedAt, filter.updatedBefore));
  return conditions;
}

/**
 * One keyset page: rows after `cursor` in (updated_at, id) order, `limit + 1` of them so the caller
 * knows whether more follow. No OFFSET: the cost of a page does not grow with its depth.
 */
export async function listContents(
  db: Database,
  filter: ContentFilter,
  page: { order: 'ASC' | 'DESC'; cursor: KeysetCursor | null; limit: number },
): Promise<ContentRow[]> {
  const conditions = filterConditions(filter);
  const { cursor } = page;
  if (cursor) {
    const after =
      page.order === 'DESC'
        ? sql`(${contents.updatedAt}, ${contents.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.key}::uuid)`
        : sql`(${contents.updatedAt}, ${contents.id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.key}::uuid)`;
    conditions.push(after);
  }
  const direction = page.order === 'DESC' ? desc : asc;
  return db
    .select()
    .from(contents)
    .where(and(...conditions))
    .orderBy(direction(contents.updatedAt), direction(contents.id))
    .limit(page.limit + 1);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live (not deleted) content by its key or its content_id; `includeDeleted` for the play history. */
export async function findContent(
  db: Database,
  keyOrId: string,
  { includeDeleted = false }: { includeDeleted?: boolean } = {},
): Promise<ContentRow | undefined> {
  const isUuid = UUID.test(keyOrId);
  const match = isUuid ? or(eq(contents.key, keyOrId), eq(contents.id, keyOrId)) : eq(contents.key, keyOrId);
  const [row] = await db
    .select()
    .from(contents)
    .where(includeDeleted ? match : and(match, isNull(contents.deletedAt)))
    .limit(1);
  return row;
}

export async function insertContent(db: Database, values: NewContentRow): Promise<ContentRow> {
  const [row] = await db.insert(contents).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateContent(
  db: Database,
  id: string,
  change: Partial<Pick<ContentRow, 'name' | 'title' | 'bambuserShowId' | 'livestationUrl'>>,
): Promise<ContentRow | undefined> {
  const [row] = await db
    .update(contents)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(contents.id, id), isNull(contents.deletedAt)))
    .returning();
  return row;
}

/**
 * The self-hosted stream a key publishes to: not deleted, and exactly that key. Found by the key's digest
 * (indexed), then the key itself is compared in constant time. `lock`: held until the transaction ends, so a
 * key rotation or a delete waits for the publish that checked the key (and then ends its broadcast).
 */
export async function findSelfHostedStreamByKey(
  db: Database,
  key: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ContentRow | undefined> {
  const query = db
    .select()
    .from(contents)
    .where(
      and(
        eq(contents.streamKeyHash, streamKeyHash(key)),
        eq(contents.type, 'stream'),
        eq(contents.livePlatform, 'selfhosted'),
        isNull(contents.deletedAt),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('share') : await query;
  return row?.streamKey && sameStreamKey(row.streamKey, key) ? row : undefined;
}

/** Gives a live content a new stream key (and its digest); undefined when the content is gone. */
export async function replaceStreamKey(tx: Database, id: string, key: string): Promise<ContentRow | undefined> {
  const [row] = await tx
    .update(contents)
    .set({ streamKey: key, streamKeyHash: streamKeyHash(key), updatedAt: new Date() })
    .where(and(eq(contents.id, id), eq(contents.type, 'stream'), isNull(contents.deletedAt)))
    .returning();
  return row;
}

/** Soft delete: the row (and its name) stays for play history. */
export async function markContentDeleted(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(contents)
    .set({ deletedAt: new Date() })
    .where(and(eq(contents.id, id), isNull(contents.deletedAt)))
    .returning({ id: contents.id });
  return rows.length > 0;
}

/** Any row with this id, deleted or not (play history resolves names through it). */
export async function findContentIncludingDeleted(db: Database, id: string): Promise<ContentRow | undefined> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id)).limit(1);
  return row;
}

/** Rows by id, deleted ones included (a schedule keeps showing the name of a content deleted since). */
export async function findContentsById(db: Database, ids: readonly string[]): Promise<ContentRow[]> {
  const uuids = ids.filter((id) => UUID.test(id));
  if (uuids.length === 0) return [];
  return db.select().from(contents).where(inArray(contents.id, uuids));
}

/**
 * Locks the live (not deleted) contents among `ids` until the transaction ends, against a concurrent delete;
 * answers the ids found. A schedule write calls it so that a content deleted meanwhile is either seen as
 * in use by the delete's usage check or seen as gone here. Level 1 of the lock order (devices/repo.ts,
 * lockPlayers): before the schedule's row and its players, in id order.
 */
export async function lockLiveContents(tx: Database, ids: readonly string[]): Promise<string[]> {
  const uuids = [...new Set(ids)].filter((id) => UUID.test(id));
  if (uuids.length === 0) return [];
  const rows = await tx
    .select({ id: contents.id })
    .from(contents)
    .where(and(inArray(contents.id, uuids), isNull(contents.deletedAt)))
    .orderBy(asc(contents.id))
    .for('share');
  return rows.map((row) => row.id);
}

/** The blob keys rows among `ids` name, deleted rows included, and whether each is still processing. */
export async function contentBlobRefs(db: Database, ids: readonly string[]) {
  const uuids = ids.filter((id) => UUID.test(id));
  if (uuids.length === 0) return [];
  return db
    .select({
      id: contents.id,
      mediaKey: contents.mediaKey,
      thumbnailKey: contents.thumbnailKey,
      processingState: contents.processingState,
    })
    .from(contents)
    .where(inArray(contents.id, uuids));
}
