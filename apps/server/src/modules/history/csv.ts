import {
  HISTORY_CSV_MAX_ROWS,
  utcDaysBetween,
  type ZContentHistoryDetailQuery,
  type ZContentHistoryQuery,
} from '@signage/domain';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { contentHistory, contentHistoryDetail } from './service';

// The CSV exports of the content history: the list and one content's detail, every page of each.

/**
 * A CSV field: quoted when it holds a separator, quote or line break; a text that a spreadsheet would read
 * as a formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe.
 */
export function csvField(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: readonly (string | number | boolean)[]) => `${fields.map(csvField).join(',')}\r\n`;
/** UTF-8 with a byte order mark, so spreadsheets read Japanese, Chinese and Korean names right. */
const BOM = '\uFEFF';

/** Every page of the history list as CSV: one row per content, one column per day (players that day). */
export async function contentHistoryCsv(
  db: Database,
  user: SessionUser,
  query: z.output<typeof ZContentHistoryQuery>,
): Promise<{ fileName: string; text: string }> {
  let page = await contentHistory(db, user, { ...query, limit: 100, endCursor: undefined });
  const header = [
    'content_id',
    'name',
    'type',
    'display_pattern',
    'region',
    'updated_at',
    'deleted',
    'real_days',
    'players',
    'yesterday_devices',
    'plays',
    ...utcDaysBetween(page.start_date, page.end_date),
  ];
  let text = BOM + csvLine(header);
  let count = 0;
  for (;;) {
    for (const row of page.contentHistory) {
      text += csvLine([
        row.content_id,
        row.name,
        row.type,
        row.display_pattern,
        row.region,
        row.updated_at,
        row.deleted,
        row.real_days,
        row.players,
        row.yesterday_devices,
        row.plays,
        ...row.player_count,
      ]);
      count += 1;
    }
    if (!page.summary.endCursor || count >= HISTORY_CSV_MAX_ROWS) break;
    page = await contentHistory(db, user, { ...query, limit: 100, endCursor: page.summary.endCursor });
  }
  return { fileName: `content-history_${page.start_date}_${page.end_date}.csv`, text };
}

/** Every player of the history detail as CSV: one row per player, one column per day (plays that day). */
export async function contentHistoryDetailCsv(
  db: Database,
  user: SessionUser,
  key: string,
  query: z.output<typeof ZContentHistoryDetailQuery>,
): Promise<{ fileName: string; text: string }> {
  let page = await contentHistoryDetail(db, user, key, { ...query, limit: 200, endCursor: undefined });
  const dates = utcDaysBetween(page.start_date, page.end_date);
  let text =
    BOM +
    csvLine([
      'shop_no',
      'shop_name',
      'region',
      'store_type',
      'device_type',
      'memo',
      'device_code',
      'deleted',
      'days',
      ...dates,
    ]);
  let count = 0;
  for (;;) {
    for (const device of page.devices) {
      const plays = new Map(device.play_date.map((date, i) => [date, device.plays[i] ?? 0]));
      text += csvLine([
        device.shop_no,
        device.shop_name,
        device.region,
        device.store_type,
        device.device_type,
        device.memo,
        device.device_code,
        device.deleted,
        device.play_date.length,
        ...dates.map((date) => plays.get(date) ?? 0),
      ]);
      count += 1;
    }
    if (!page.summary.endCursor || count >= HISTORY_CSV_MAX_ROWS) break;
    page = await contentHistoryDetail(db, user, key, { ...query, limit: 200, endCursor: page.summary.endCursor });
  }
  const safeName = page.content.name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || page.content.content_id;
  return { fileName: `content-history_${safeName}_${page.start_date}_${page.end_date}.csv`, text };
}
