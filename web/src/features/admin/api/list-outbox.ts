import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

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

/** Every page of every filter: what a resend invalidates. */
export const outboxKey = ['admin', 'outbox'] as const;

/**
 * GET /api/admin/outbox?to=&state=&page=: e-mails and SMS, newest first; `to`
 * is one exact recipient, an empty `state` means every state.
 */
export async function listOutbox(to: string, state: OutboxState | '', page: number): Promise<OutboxPage> {
  return unwrap(api.GET('/api/admin/outbox', { params: { query: { to: to || undefined, state: state || undefined, page } } }));
}

export function useOutbox(to: string, state: OutboxState | '', page: number) {
  return useQuery({
    queryKey: [...outboxKey, to, state, page],
    queryFn: () => listOutbox(to, state, page),
    placeholderData: keepPreviousData,
  });
}
