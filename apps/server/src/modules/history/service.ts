import {
  CONTENT_MESSAGES,
  DAY_MS,
  defaultHistoryWindow,
  HISTORY_DEVICES_PAGE,
  HISTORY_MAX_DAYS,
  MESSAGES,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  PAGE_SIZE,
  PLAY_HISTORY_PAGE,
  type TContentHistory,
  type TContentHistoryDetail,
  type TContentHistoryList,
  type THistoryDevice,
  type TPlayHistory,
  typedStoreCode,
  utcDay,
  utcDaysBetween,
  type ZContentHistoryDetailQuery,
  type ZContentHistoryQuery,
  type ZPlayHistoryQuery,
  ZText,
} from '@signage/domain';
import { z } from 'zod';
import { canSeeContent, canSeePlays, contentReach, playsReach, reachedOr404 } from '../../auth/rows';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { HttpError } from '../../http/envelope';
import {
  type ContentRow,
  findContent,
  findContentsById,
  listContents,
  presentContent,
  TYPES_BY_FILTER,
} from '../contents';
import { type DeviceCursor, findDeviceForHistory, type HistoryDeviceRow, listDevicesAmong } from '../players';
import {
  contentDays,
  deviceDays,
  distinctPlayers,
  listPlays,
  playedDeviceCodes,
  playedIn,
  readAcked,
  type Window,
} from '../plays';

/** The window a search names, or the console's default (9 days back to today, UTC) for the missing end. */
function windowOf(query: { start_date?: string; end_date?: string }): Window {
  const fallback = defaultHistoryWindow();
  // YYYY-MM-DD days compare as text: the first of a sorted pair is the earlier.
  const to = query.end_date ?? [fallback.end_date, query.start_date ?? ''].sort().at(-1) ?? fallback.end_date;
  const from = query.start_date ?? [to, fallback.start_date].sort()[0] ?? fallback.start_date;
  if (utcDaysBetween(from, to).length > HISTORY_MAX_DAYS)
    throw new HttpError(400, CONTENT_MESSAGES.historyPeriodTooLong);
  return { from, to };
}

/** The rows of one page with their per-day player counts (every day of the window, zero where none). */
async function withCounts(db: Database, rows: readonly ContentRow[], window: Window): Promise<TContentHistory[]> {
  const ids = rows.map((row) => row.id);
  const [days, players] = await Promise.all([contentDays(db, ids, window), distinctPlayers(db, ids, window)]);
  const dates = utcDaysBetween(window.from, window.to);
  const yesterday = utcDay(Date.now() - DAY_MS);
  const byContent = new Map<string, Map<string, { players: number; plays: number }>>();
  for (const day of days) {
    const perDay = byContent.get(day.contentId) ?? new Map();
    perDay.set(day.playDate, { players: Number(day.players), plays: Number(day.plays) });
    byContent.set(day.contentId, perDay);
  }
  return rows.map((row) => {
    const perDay = byContent.get(row.id) ?? new Map<string, { players: number; plays: number }>();
    const counts = dates.map((date) => perDay.get(date)?.players ?? 0);
    const { content_id, key, name, type, display_pattern, region, updated_at, thumbnail_url } = presentContent(row);
    return {
      content_id,
      key,
      name,
      type,
      display_pattern,
      region,
      updated_at,
      thumbnail_url,
      deleted: row.deletedAt !== null,
      real_days: counts.filter((count) => count > 0).length,
      players: players.get(row.id) ?? 0,
      yesterday_devices: perDay.get(yesterday)?.players ?? 0,
      plays: [...perDay.values()].reduce((sum, day) => sum + day.plays, 0),
      play_date: dates,
      player_count: counts,
    };
  });
}

/**
 * GET /api/contents/history: the contents that played in the window (deleted ones too), in the contents
 * list's order and filters, each with players per UTC day. A region chosen in the search narrows the contents.
 */
export async function contentHistory(
  db: Database,
  user: SessionUser,
  query: z.output<typeof ZContentHistoryQuery>,
): Promise<TContentHistoryList> {
  const window = windowOf(query);
  const cursor = decodeCursor(query.endCursor, { uuidKey: true });
  const limit = query.limit ?? PAGE_SIZE;
  const rows = await listContents(
    db,
    {
      reach: contentReach(user, query.region),
      name: query.name || undefined,
      types: TYPES_BY_FILTER[query.media_type],
      displayPattern: query.display_pattern || undefined,
      includeDeleted: true,
      where: playedIn(window),
    },
    { order: query.order, cursor, limit },
  );
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  const last = page.at(-1);
  return {
    contentHistory: await withCounts(db, page, window),
    start_date: window.from,
    end_date: window.to,
    summary: {
      endCursor: more && last ? encodeCursor(last.updatedAt, last.id) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
    },
  };
}

const ZDeviceCursor = z.tuple([ZText.max(20), ZText.min(1).max(64)]);

function encodeDeviceCursor(row: HistoryDeviceRow): string {
  return Buffer.from(JSON.stringify([row.shopNo, row.deviceCode])).toString('base64url');
}

function decodeDeviceCursor(text: string | undefined): DeviceCursor | null {
  if (!text) return null;
  try {
    const parsed = ZDeviceCursor.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (parsed.success) return { shopNo: parsed.data[0], deviceCode: parsed.data[1] };
  } catch {
    // not one of ours: refused below
  }
  throw new HttpError(400, MESSAGES.invalidRequest);
}

/** A store code as typed: digits are padded to four like the player forms do; anything else matches nothing. */
function storeCodeOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return typedStoreCode(text) ?? text;
}

/**
 * GET /api/contents/history/{contentHistoryKey}: the content's history row and one page of the players that
 * showed it in the window, each with its days; shop name, store code and memo filter the players.
 */
export async function contentHistoryDetail(
  db: Database,
  user: SessionUser,
  key: string,
  query: z.output<typeof ZContentHistoryDetailQuery>,
): Promise<TContentHistoryDetail> {
  const scope = playsReach(user, query.region);
  const content = reachedOr404(await findContent(db, key, { includeDeleted: true }), (row) => canSeeContent(user, row));
  const window = windowOf(query);
  const limit = query.limit ?? HISTORY_DEVICES_PAGE;
  const rows = await listDevicesAmong(
    db,
    playedDeviceCodes(content.id, window),
    {
      scope,
      shopName: query.shop_name || undefined,
      shopNo: storeCodeOf(query.shop_no),
      memo: query.memo || undefined,
    },
    { cursor: decodeDeviceCursor(query.endCursor), limit },
  );
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  const [summary] = await withCounts(db, [content], window);
  const days = await deviceDays(
    db,
    content.id,
    page.map((row) => row.deviceCode),
    window,
  );
  const byDevice = new Map<string, { play_date: string[]; plays: number[] }>();
  for (const day of days) {
    const entry = byDevice.get(day.deviceCode) ?? { play_date: [], plays: [] };
    entry.play_date.push(day.playDate);
    entry.plays.push(Number(day.plays));
    byDevice.set(day.deviceCode, entry);
  }
  const last = page.at(-1);
  return {
    content: summary as TContentHistory,
    devices: page.map(
      (row): THistoryDevice => ({
        device_code: row.deviceCode,
        shop_name: row.shopName,
        shop_no: row.shopNo,
        region: row.region,
        store_type: row.storeType,
        device_type: row.deviceType,
        memo: row.memo,
        deleted: row.deletedAt !== null,
        ...(byDevice.get(row.deviceCode) ?? { play_date: [], plays: [] }),
      }),
    ),
    start_date: window.from,
    end_date: window.to,
    summary: {
      endCursor: more && last ? encodeDeviceCursor(last) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
    },
  };
}

/** GET /api/playhistory: one player's plays, newest first, with the acknowledged mark (a gap after it shows). */
export async function playHistory(
  db: Database,
  user: SessionUser,
  query: z.output<typeof ZPlayHistoryQuery>,
): Promise<TPlayHistory> {
  const device = reachedOr404(await findDeviceForHistory(db, query.device_code), (row) => canSeePlays(user, row));
  const before = query.endCursor ? Number(query.endCursor) : null;
  if (before !== null && (!Number.isSafeInteger(before) || before < 1))
    throw new HttpError(400, MESSAGES.invalidRequest);
  const window = query.start_date || query.end_date ? windowOf(query) : null;
  const limit = query.limit ?? PLAY_HISTORY_PAGE;
  const rows = await listPlays(db, device.deviceCode, { contentId: query.content_id, window }, { before, limit });
  const page = rows.slice(0, limit);
  const more = rows.length > limit;
  const last = page.at(-1);
  // The names from the contents module, deleted contents included (history keeps their names).
  const names = new Map(
    (await findContentsById(db, [...new Set(page.map((row) => row.contentId))])).map((c) => [c.id, c.name]),
  );
  return {
    plays: page.map((row) => ({
      sequence: Number(row.sequence),
      content_id: row.contentId,
      content_name: names.get(row.contentId) ?? '',
      schedule_id: row.scheduleId,
      started_at: row.startedAt.toISOString(),
      utc_offset_minutes: row.utcOffsetMinutes,
      duration_ms: row.durationMs,
    })),
    acked: await readAcked(db, device.deviceCode),
    summary: {
      endCursor: more && last ? String(last.sequence) : null,
      moreResults: more ? MORE_RESULTS : NO_MORE_RESULTS,
    },
  };
}
