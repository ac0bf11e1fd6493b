import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { patchListItem } from '@/features/event-requests/api/list-event-requests';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type RejectionReason = paths['/api/event-requests/{uuid}/reject']['post']['requestBody']['content']['application/json']['reason'];

/** The seven codes of part 2 §3, in the order the dialog lists them. */
export const REJECTION_REASONS: readonly RejectionReason[] = [
  'not_available',
  'budget',
  'location',
  'not_qualified',
  'not_sufficient_infos',
  'questionable',
  'other',
];

/** POST /api/event-requests/{uuid}/reject {reason} -> the rejected request. */
export async function rejectEventRequest(uuid: string, reason: RejectionReason): Promise<EventRequestDetail> {
  return unwrap(api.POST('/api/event-requests/{uuid}/reject', { params: { path: { uuid } }, body: { reason } }));
}

export function useRejectEventRequest(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: RejectionReason) => rejectEventRequest(uuid, reason),
    onSuccess: (detail) => {
      queryClient.setQueryData(queryKeys.eventRequests.detail(uuid), detail);
      patchListItem(queryClient, uuid, { isRejected: true, hasRejectedAt: detail.message.hasRejectedAt });
    },
  });
}
