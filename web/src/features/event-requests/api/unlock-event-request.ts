import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { patchListItem } from '@/features/event-requests/api/list-event-requests';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type UnlockReply = paths['/api/event-requests/{uuid}/unlock']['post']['responses']['200']['content']['application/json'];

/** POST /api/event-requests/{uuid}/unlock -> email, phone (one credit for a free provider). */
export async function unlockEventRequest(uuid: string): Promise<UnlockReply> {
  return unwrap(api.POST('/api/event-requests/{uuid}/unlock', { params: { path: { uuid } } }));
}

/**
 * Unlocks a request: its detail shows the contact at once, then is refetched
 * (lastname, unlock date); the lists change status; the user is refetched so
 * the credit balance everywhere is the server's; the conversation is read
 * again, as it may be written to now (canWrite).
 */
export function useUnlockEventRequest(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlockEventRequest(uuid),
    onSuccess: (reply) => {
      queryClient.setQueryData<EventRequestDetail>(queryKeys.eventRequests.detail(uuid), (detail) =>
        detail
          ? {
              ...detail,
              message: { ...detail.message, isUnlocked: true },
              project: { ...detail.project, member: { ...detail.project.member, email: reply.email, phone: reply.phone } },
            }
          : detail,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventRequests.detail(uuid) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventRequests.messages(uuid) });
      patchListItem(queryClient, uuid, { isUnlocked: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
