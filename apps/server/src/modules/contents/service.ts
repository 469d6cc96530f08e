import {
  CONTENT_MESSAGES,
  DAY_MS,
  MESSAGES,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  PAGE_SIZE,
  type TContent,
  type TContentList,
  type TContentUpdate,
  type ZContentListQuery,
} from '@signage/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../audit/repo';
import { canSeeContent, contentReach, reachedOr404 } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { HttpError, notFound } from '../../http/envelope';
import { findLiveProvider } from '../../live';
import type { AppDeps } from '../types';
import { contentPrefixOf } from './keys';
import { type ContentView, presentContent } from './present';
import {
  type ContentFilter,
  type ContentRow,
  findContent,
  listContents,
  markContentDeleted,
  updateContent,
} from './repo';
import { contentInUse } from './usage';

/** The content types a search's media_type filter names (undefined: all). */
export const TYPES_BY_FILTER: Readonly<Record<string, ContentRow['type'][] | undefined>> = {
  none: undefined,
  image: ['image'],
  video: ['movie'],
  live: ['stream'],
  image_movie: ['image', 'movie'],
};

// The update-date search works in GMT days, like every timestamp the console shows (SPEC.md section 9).
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * GET /api/contents: filters of SPEC.md section 7, keyset pages. Region-bound roles are held to their region
 * plus what was published for all countries (marketing's global content is meant for every region).
 */
export async function searchContents(
  db: Database,
  user: SessionUser,
  query: z.output<typeof ZContentListQuery>,
  view?: ContentView,
): Promise<TContentList> {
  const cursor = decodeCursor(query.endCursor, { uuidKey: true });
  if (query.start_date && dayStart(query.start_date).getTime() > Date.now() + DAY_MS) {
    throw new HttpError(400, CONTENT_MESSAGES.searchStartInFuture);
  }
  const filter: ContentFilter = {
    reach: contentReach(user, query.region),
    name: query.name || undefined,
    types: TYPES_BY_FILTER[query.media_type],
    displayPattern: query.display_pattern || undefined,
    updatedFrom: query.start_date ? dayStart(query.start_date) : undefined,
    updatedBefore: query.end_date ? new Date(dayStart(query.end_date).getTime() + DAY_MS) : undefined,
  };
  const limit = query.limit ?? PAGE_SIZE;
  const rows = await listContents(db, filter, { order: query.order, cursor, limit });
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  const last = page.at(-1);
  return {
    contents: page.map((row) => presentContent(row, view)),
    summary: {
      endCursor: more && last ? encodeCursor(last.updatedAt, last.id) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
    },
  };
}

/**
 * A content the user may see: region-bound roles reach their region's contents and those published for all
 * countries. Another region's content answers 404, as if it did not exist.
 */
export async function visibleContent(db: Database, user: SessionUser, keyOrId: string): Promise<ContentRow> {
  return reachedOr404(await findContent(db, keyOrId), (row) => canSeeContent(user, row));
}

export async function getContent(db: Database, user: SessionUser, key: string, view?: ContentView): Promise<TContent> {
  return presentContent(await visibleContent(db, user, key), view);
}

/** PUT /api/contents/{key}: the name; streams also title, show id and LiveStation URL. */
export async function changeContent(
  { db, contentPlayers, changeManifests }: Pick<AppDeps, 'db' | 'contentPlayers' | 'changeManifests'>,
  user: SessionUser,
  key: string,
  body: TContentUpdate,
  view?: ContentView,
): Promise<TContent> {
  const row = await visibleContent(db, user, key);
  const stream = row.type === 'stream';
  const change = {
    name: body.name,
    ...(stream && body.title !== undefined ? { title: body.title } : {}),
    ...(stream && body.bambuser_showId !== undefined ? { bambuserShowId: body.bambuser_showId } : {}),
    ...(stream && body.livestation_url !== undefined ? { livestationUrl: body.livestation_url } : {}),
  };
  if (stream && row.layout === 'Multielement' && change.title === '') throw new HttpError(400, MESSAGES.enterLiveTitle);
  if (stream && row.livePlatform === 'bambuser' && change.bambuserShowId === '') {
    throw new HttpError(400, MESSAGES.enterShowId);
  }
  const updated = await db.transaction(async (tx) => {
    const saved = await updateContent(tx, row.id, change);
    if (!saved) throw notFound();
    // The manifest carries the name: the players that play it collect once this commits.
    await changeManifests(tx, await contentPlayers(tx, row.id), 'content');
    await recordAudit(tx, {
      actor: user.userId,
      action: 'content.update',
      target: row.id,
      region: row.region || user.region,
      detail: {
        ...change,
        zone_code: body.zone_code ?? null,
        from: Object.fromEntries(
          Object.keys(change).map((field) => [field, row[field as keyof typeof change] ?? null]),
        ),
        to: change,
      },
    });
    return saved;
  });
  return presentContent(updated, view);
}

/**
 * DELETE /api/contents/{content_id}: refused (409) while a usage check (schedules, playlists) holds the
 * content; otherwise the row is marked deleted (its name stays for history), then its blobs and its live
 * stream are released. The checks run in the delete transaction after the row is locked by the mark, so
 * a refusal rolls the mark back. A failure to release is logged: the content is gone for users either
 * way, and leftovers are only storage. A stream of our own ingest that is on air is cut: its key stopped
 * working with the commit (the publish hook refuses it, at the latest at nginx's next on_update).
 */
export async function removeContent(
  { db, media, contentUsage }: Pick<AppDeps, 'db' | 'media' | 'contentUsage'>,
  user: SessionUser,
  contentId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const row = await visibleContent(db, user, contentId);
  await db.transaction(async (tx) => {
    if (!(await markContentDeleted(tx, row.id))) throw notFound();
    const reason = await contentInUse(tx, row.id, contentUsage);
    if (reason) throw new HttpError(409, reason);
    await recordAudit(tx, {
      actor: user.userId,
      action: 'content.delete',
      target: row.id,
      region: row.region || user.region,
      detail: { name: row.name },
    });
  });
  await media.blobs.deletePrefix(contentPrefixOf(row.id)).catch((error: unknown) => {
    log.error({ err: error, contentId: row.id }, 'could not delete the blobs of a deleted content');
  });
  if (row.type === 'stream' && row.livePlatform === 'selfhosted' && row.streamKey) {
    await media.liveIngest.cut(row.streamKey, log);
  }
  const provider =
    row.liveRef && row.livePlatform ? findLiveProvider(media.liveProviders, row.livePlatform) : undefined;
  if (provider && row.liveRef) {
    await provider.deleteStream(row.liveRef).catch((error: unknown) => {
      log.error({ err: error, contentId: row.id }, 'could not release the live stream of a deleted content');
    });
  }
}
