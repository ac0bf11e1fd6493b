import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type AuditEntry = components['schemas']['AuditEntry'];

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/audit-log?page=: who did what to whom, newest first (50 a page). */
export async function listAuditLog(page: number): Promise<AuditPage> {
  return unwrap(api.GET('/api/admin/audit-log', { params: { query: { page } } }));
}

export function auditLogQueryOptions(page: number) {
  return queryOptions({ queryKey: queryKeys.admin.audit(page), queryFn: () => listAuditLog(page) });
}

/** One page; the previous one stays on screen while it loads. */
export function useAuditLog(page: number) {
  return useQuery({ ...auditLogQueryOptions(page), placeholderData: keepPreviousData });
}
