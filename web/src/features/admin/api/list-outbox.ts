import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type OutboxMessage = components['schemas']['OutboxItem'];

export interface OutboxPage {
  items: OutboxMessage[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/outbox?to=&page=: e-mails and SMS, newest first; `to` is one exact recipient. */
export async function listOutbox(to: string, page: number): Promise<OutboxPage> {
  return unwrap(api.GET('/api/admin/outbox', { params: { query: { to: to || undefined, page } } }));
}

export function useOutbox(to: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'outbox', to, page],
    queryFn: () => listOutbox(to, page),
    placeholderData: keepPreviousData,
  });
}
