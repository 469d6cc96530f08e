import { API } from '@signage/domain';
import type { FastifyReply } from 'fastify';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { contentHistoryCsv, contentHistoryDetailCsv } from './csv';
import { contentHistory, contentHistoryDetail, playHistory } from './service';

const H = API.history;

/** A CSV download; the file name is sent plain (ASCII) and in full (RFC 5987) for names in other scripts. */
function sendCsv(reply: FastifyReply, { fileName, text }: { fileName: string; text: string }) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(text);
}

/** /api/contents/history: the content history list, its detail and their CSV exports (SPEC.md sections 3, 7). */
export const historyRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, H.list, async ({ user, query }) => contentHistory(db, user, query));
  route(app, H.listCsv, async ({ user, query, reply }) => sendCsv(reply, await contentHistoryCsv(db, user, query)));
  route(app, H.detail, async ({ user, params, query }) =>
    contentHistoryDetail(db, user, params.contentHistoryKey, query),
  );
  route(app, H.detailCsv, async ({ user, params, query, reply }) =>
    sendCsv(reply, await contentHistoryDetailCsv(db, user, params.contentHistoryKey, query)),
  );
};

/** /api/playhistory: one player's plays (SPEC.md section 7). */
export const playHistoryRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, H.plays, async ({ user, query }) => playHistory(db, user, query));
};
