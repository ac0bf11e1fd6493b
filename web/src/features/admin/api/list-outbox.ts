import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type OutboxMessage = components['schemas']['OutboxItem'];
export type OutboxState = OutboxMessage['state'];

/** The delivery states in the order a message goes through them; held stands apart (no relay configured). */
export const OUTBOX_STATES: readonly OutboxState[] = ['queued', 'retrying', 'sent', 'failed', 'held'];

export interface OutboxPage {
  items: OutboxMessage[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * GET /api/admin/outbox?to=&state=&page=: e-mails and SMS, newest first; `to`
 * is one exact recipient, an empty `state` means every state.
 */
export async function listOutbox(to: string, state: OutboxState | '', page: number): Promise<OutboxPage> {
  return unwrap(api.GET('/api/admin/outbox', { params: { query: { to: to || undefined, state: state || undefined, page } } }));
}

export function outboxQueryOptions(to: string, state: OutboxState | '', page: number) {
  return queryOptions({ queryKey: queryKeys.admin.outbox.page(to, state, page), queryFn: () => listOutbox(to, state, page) });
}

/** One page; the previous one stays on screen while it loads. */
export function useOutbox(to: string, state: OutboxState | '', page: number) {
  return useQuery({ ...outboxQueryOptions(to, state, page), placeholderData: keepPreviousData });
}
