import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EventRequestPage } from '@/features/event-requests/api/list-event-requests';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type ConversationMessage = components['schemas']['ConversationMessage'];
export type MessageList = paths['/api/event-requests/{uuid}/messages']['get']['responses']['200']['content']['application/json'];

/** GET /api/event-requests/{uuid}/messages -> the conversation, oldest first; the server marks the couple's messages read. */
export async function listMessages(uuid: string): Promise<MessageList> {
  return unwrap(api.GET('/api/event-requests/{uuid}/messages', { params: { path: { uuid } } }));
}

/**
 * The conversation of a request. Reading it marks the couple's messages
 * read on the server, so the cached lists drop this request's unread count.
 */
export function messagesQueryOptions(queryClient: QueryClient, uuid: string) {
  return queryOptions({
    queryKey: queryKeys.eventRequests.messages(uuid),
    queryFn: async (): Promise<MessageList> => {
      const list = await listMessages(uuid);
      // Only pages that count unread messages of this request are touched:
      // writing a page marks it fresh, which would cancel a pending refetch.
      for (const [key, page] of queryClient.getQueriesData<EventRequestPage>({ queryKey: queryKeys.eventRequests.lists })) {
        const item = page?.eventRequests.find((request) => request.uuid === uuid);
        if (!page || !item || item.unreadMessages === 0) continue;
        queryClient.setQueryData<EventRequestPage>(key, {
          ...page,
          unreadMessages: Math.max(0, page.unreadMessages - item.unreadMessages),
          eventRequests: page.eventRequests.map((request) => (request.uuid === uuid ? { ...request, unreadMessages: 0 } : request)),
        });
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
      return list;
    },
  });
}

export function useMessages(uuid: string, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({ ...messagesQueryOptions(queryClient, uuid), enabled });
}
