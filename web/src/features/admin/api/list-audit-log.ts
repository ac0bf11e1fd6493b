import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

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

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: () => listAuditLog(page),
    placeholderData: keepPreviousData,
  });
}
