import {
  logFileName,
  MORE_RESULTS,
  NO_MORE_RESULTS,
  normaliseLogRange,
  parseLogTime,
  type TLogList,
  type ZLogDownload,
  type ZLogListQuery,
} from '@signage/domain';
import type { z } from 'zod';
import { recordAudit } from '../../audit/repo';
import type { SessionUser } from '../../auth/sessions';
import { BlobNotFoundError, type BlobStore } from '../../blob';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { notFound } from '../../http/envelope';
import { visibleDevice } from '../players';
import { findLog, type LogFilter, type LogRow, listLogs } from './repo';

/** The most logs one "Download All" joins into a file. */
export const DOWNLOAD_ALL_LIMIT = 500;

type Range = { start?: string; end?: string; level: string; order: 'ASC' | 'DESC' };

function filterOf(deviceCode: string, query: Range): LogFilter {
  const start = query.start ? parseLogTime(query.start) : null;
  const end = query.end ? parseLogTime(query.end) : null;
  const range = start && end ? normaliseLogRange(start, end) : { start, end };
  return {
    deviceCode,
    start: range.start,
    end: range.end,
    level: query.level === 'ALL' ? null : query.level,
    order: query.order,
  };
}

export async function logList(
  db: Database,
  user: SessionUser,
  query: z.output<typeof ZLogListQuery>,
): Promise<TLogList> {
  const device = await visibleDevice(db, user, query.device_code);
  const rows = await listLogs(db, filterOf(device.deviceCode, query), {
    cursor: decodeCursor(query.endCursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    logs: page.map((row) => ({
      log_id: row.logId,
      name: row.name,
      level: row.level as TLogList['logs'][number]['level'],
      started_at: row.startedAt.toISOString(),
      ended_at: row.endedAt.toISOString(),
      size: row.size,
    })),
    summary: {
      endCursor: last ? encodeCursor(last.startedAt, last.logId) : null,
      moreResults: rows.length > query.limit ? MORE_RESULTS : NO_MORE_RESULTS,
    },
  };
}

async function textOf(blobs: BlobStore, row: LogRow): Promise<string> {
  try {
    const object = await blobs.get(row.blobKey);
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    if (error instanceof BlobNotFoundError) throw notFound();
    throw error;
  }
}

/**
 * One log, or every log matching the filter joined into one text (each under a header line naming
 * it), with the file name '<region>_<shopNo>_<device>_<YYYYMMDDHHmm>.log'.
 */
export async function downloadLogs(
  db: Database,
  blobs: BlobStore,
  user: SessionUser,
  body: z.output<typeof ZLogDownload>,
): Promise<{ fileName: string; text: string }> {
  const device = await visibleDevice(db, user, body.device_code);
  const naming = { region: device.region, shop_no: device.shopNo, device_code: device.deviceCode };
  // A player's logs leaving the system is recorded (who took which logs), like every other write the API takes.
  const audit = (detail: Record<string, unknown>) =>
    recordAudit(db, {
      actor: user.userId,
      action: 'player.logs_download',
      target: device.deviceCode,
      region: device.region,
      detail,
    });
  if ('log_id' in body) {
    const row = await findLog(db, device.deviceCode, body.log_id);
    if (!row) throw notFound();
    const text = await textOf(blobs, row);
    await audit({ log_id: body.log_id });
    return { fileName: logFileName(naming, row.startedAt), text };
  }
  const rows = await listLogs(db, filterOf(device.deviceCode, body), { cursor: null, limit: DOWNLOAD_ALL_LIMIT });
  const parts: string[] = [];
  for (const row of rows) {
    const header = `===== ${row.name} ${row.level} ${row.startedAt.toISOString()} - ${row.endedAt.toISOString()} =====`;
    parts.push(`${header}\n${await textOf(blobs, row)}`);
  }
  await audit({ logs: rows.length });
  return { fileName: logFileName(naming, new Date()), text: parts.join('\n') };
}
