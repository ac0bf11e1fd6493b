import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationMessage, MessageList } from '@/features/event-requests/api/list-messages';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/event-requests/{uuid}/messages {body} -> the message as saved. */
export async function sendMessage(uuid: string, body: string): Promise<ConversationMessage> {
  return unwrap(api.POST('/api/event-requests/{uuid}/messages', { params: { path: { uuid } }, body: { body } }));
}

/** The message joins the conversation at once. */
export function useSendMessage(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(uuid, body),
    onSuccess: (message) => {
      queryClient.setQueryData<MessageList>(queryKeys.eventRequests.messages(uuid), (list) => (list ? { ...list, messages: [...list.messages, message] } : list));
      // A premium provider's first message unlocks the request.
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventRequests.all });
    },
  });
}
