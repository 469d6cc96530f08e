import { z } from 'zod';
import { ROLE_GROUPS } from '../catalog/roles';
import { ZAuditList, ZAuditQuery } from '../schemas/audit';
import { defineContract } from './contract';

/**
 * The audit trail (issue 29 item 7): DS_FRIT reads every entry, DS_LHQIT those of its own region (the
 * server decides; entries out of reach are never sent). Newest first, keyset pages; the CSV holds every page.
 */
export const AUDIT_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    path: '/api/audit',
    query: ZAuditQuery,
    response: ZAuditList,
    errors: [400],
    roles: ROLE_GROUPS.auditReaders,
    summary: 'Audit trail entries, newest first, filtered by user, action, object and time (keyset pages)',
    tags: ['audit'],
  }),
  csv: defineContract({
    method: 'GET',
    path: '/api/audit/csv',
    query: ZAuditQuery,
    response: z.string(),
    reply: 'raw',
    errors: [400],
    roles: ROLE_GROUPS.auditReaders,
    summary: 'The audit trail as CSV (every page of the filters given)',
    tags: ['audit'],
  }),
} as const;
