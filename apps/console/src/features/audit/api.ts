import { AUDIT_CONTRACTS, type TAuditList } from '@signage/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { download } from '../../app/download';
import { call } from '../../lib/api';
import { FIRST_PAGE, nextPageParam } from '../../lib/pages';

/** What the audit screen asks for: the filters as the server reads them (instants in ISO 8601, GMT). */
export type AuditSearch = { user?: string; action?: string; object?: string; from?: string; to?: string };

/** The audit trail, newest first, 50 entries a page. */
export function useAuditPages(search: AuditSearch) {
  return useInfiniteQuery<TAuditList>({
    queryKey: ['audit', 'list', search],
    initialPageParam: FIRST_PAGE,
    queryFn: ({ pageParam, signal }) =>
      call(AUDIT_CONTRACTS.list, { query: { ...search, endCursor: pageParam as string | undefined }, signal }),
    getNextPageParam: nextPageParam,
  });
}

/** Saves every entry the filters give as the CSV file the server names. */
export function downloadAuditCsv(search: AuditSearch): Promise<void> {
  return download(AUDIT_CONTRACTS.csv, { query: search }, 'audit.csv');
}
