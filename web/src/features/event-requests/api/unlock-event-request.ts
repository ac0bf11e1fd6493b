import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesKey } from '@/features/event-requests/api/conversation';
import { eventRequestKey, type EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { patchListItem } from '@/features/event-requests/api/list-event-requests';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { ME_QUERY_KEY } from '@/lib/auth/session';

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
      queryClient.setQueryData<EventRequestDetail>(eventRequestKey(uuid), (detail) =>
        detail
          ? {
              ...detail,
              message: { ...detail.message, isUnlocked: true },
              project: { ...detail.project, member: { ...detail.project.member, email: reply.email, phone: reply.phone } },
            }
          : detail,
      );
      void queryClient.invalidateQueries({ queryKey: eventRequestKey(uuid) });
      void queryClient.invalidateQueries({ queryKey: messagesKey(uuid) });
      patchListItem(queryClient, uuid, { isUnlocked: true });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
