import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage } from '@/features/admin/api/list-outbox';
import { api, unwrap } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/admin/outbox/{id}/resend: a failed message goes back to queued,
 * its attempts start again; 409 admin.outbox.errors.not_failed for any other state.
 */
export async function resendOutbox(id: string): Promise<OutboxMessage> {
  return unwrap(api.POST('/api/admin/outbox/{id}/resend', { params: { path: { id } } }));
}

export function useResendOutbox() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.outbox.all });
  return useMutation({
    mutationFn: resendOutbox,
    // The row changes state, and may leave the list filtered on "failed".
    onSuccess: refresh,
    // A 409 or 404 means the list is stale (another admin sent it again first):
    // show what is true now. A network failure leaves the list as it is.
    onError: (error) => {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) void refresh();
    },
  });
}
