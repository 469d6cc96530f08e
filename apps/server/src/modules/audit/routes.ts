import { API } from '@signage/domain';
import type { FastifyReply } from 'fastify';
import { route } from '../../http/route';
import type { ModulePlugin } from '../types';
import { auditCsv, auditList } from './service';

/** A CSV download; the file name is plain ASCII. */
function sendCsv(reply: FastifyReply, { fileName, text }: { fileName: string; text: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(text);
}

/** /api/audit: the audit trail and its CSV export (issue 29 item 7). */
export const auditRoutes: ModulePlugin = async (app, { deps: { db } }) => {
  route(app, API.audit.list, async ({ user, query }) => auditList(db, user, query));
  route(app, API.audit.csv, async ({ user, query, reply }) => sendCsv(reply, await auditCsv(db, user, query)));
};
