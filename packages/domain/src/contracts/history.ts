import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import {
  ZContentHistoryDetail,
  ZContentHistoryDetailQuery,
  ZContentHistoryKeyParams,
  ZContentHistoryList,
  ZContentHistoryQuery,
  ZPlayHistory,
  ZPlayHistoryQuery,
} from '../schemas/history';
import { defineContract } from './contract';

/**
 * Proof-of-play history (SPEC.md sections 2, 3 and 7): DS_MK and DS_FRIT, neither region-bound; a region
 * chosen in the search narrows the contents and the players. The CSV exports answer what the screens show,
 * for the people who paste it into a spreadsheet.
 */
export const HISTORY_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    path: '/api/contents/history',
    query: ZContentHistoryQuery,
    response: ZContentHistoryList,
    errors: [400],
    roles: ROLE_GROUPS.historyReaders,
    summary: 'Contents that played in a window of UTC days, with players per day (keyset pages)',
    tags: ['history'],
  }),
  listCsv: defineContract({
    method: 'GET',
    path: '/api/contents/history/csv',
    query: ZContentHistoryQuery,
    response: z.string(),
    reply: 'raw',
    errors: [400],
    roles: ROLE_GROUPS.historyReaders,
    summary: 'The history list as CSV (every page; one row per content, one column per day)',
    tags: ['history'],
  }),
  detail: defineContract({
    method: 'GET',
    path: '/api/contents/history/:contentHistoryKey',
    params: ZContentHistoryKeyParams,
    query: ZContentHistoryDetailQuery,
    response: ZContentHistoryDetail,
    errors: [400, 404],
    roles: ROLE_GROUPS.historyReaders,
    summary: 'The players that showed one content, with their play days (keyset pages)',
    tags: ['history'],
  }),
  detailCsv: defineContract({
    method: 'GET',
    path: '/api/contents/history/:contentHistoryKey/csv',
    params: ZContentHistoryKeyParams,
    query: ZContentHistoryDetailQuery,
    response: z.string(),
    reply: 'raw',
    errors: [400, 404],
    roles: ROLE_GROUPS.historyReaders,
    summary: 'The history detail as CSV (one row per player, one column per day)',
    tags: ['history'],
  }),
  plays: defineContract({
    method: 'GET',
    path: '/api/playhistory',
    query: ZPlayHistoryQuery,
    response: ZPlayHistory,
    errors: [400, 404],
    roles: ROLE_GROUPS.historyReaders,
    summary: "One player's plays, newest first (keyset pages)",
    tags: ['history'],
  }),
} as const;
