import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_REQUEST_LISTS_KEY, EVENT_REQUESTS_KEY, type EventRequestPage } from '@/features/event-requests/api/list-event-requests';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';

export type ConversationMessage = components['schemas']['ConversationMessage'];
export type MessageList = paths['/api/event-requests/{uuid}/messages']['get']['responses']['200']['content']['application/json'];
export type ReplyTemplate = components['schemas']['ReplyTemplate'];
export type ReplyTemplateList = paths['/api/reply-templates']['get']['responses']['200']['content']['application/json'];

export const messagesKey = (uuid: string) => [...EVENT_REQUESTS_KEY, 'messages', uuid] as const;
export const REPLY_TEMPLATES_KEY = ['reply-templates'] as const;

/**
 * The conversation of a request. Reading it marks the couple's messages
 * read on the server, so the cached lists drop this request's unread count.
 */
export function useMessages(uuid: string, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagesKey(uuid),
    enabled,
    queryFn: async (): Promise<MessageList> => {
      const list = await unwrap(api.GET('/api/event-requests/{uuid}/messages', { params: { path: { uuid } } }));
      // Only pages that count unread messages of this request are touched:
      // writing a page marks it fresh, which would cancel a pending refetch.
      for (const [key, page] of queryClient.getQueriesData<EventRequestPage>({ queryKey: EVENT_REQUEST_LISTS_KEY })) {
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

/** POST /api/event-requests/{uuid}/messages: the message joins the conversation at once. */
export function useSendMessage(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => unwrap(api.POST('/api/event-requests/{uuid}/messages', { params: { path: { uuid } }, body: { body } })),
    onSuccess: (message) => {
      queryClient.setQueryData<MessageList>(messagesKey(uuid), (list) => (list ? { ...list, messages: [...list.messages, message] } : list));
      // A premium provider's first message unlocks the request.
      void queryClient.invalidateQueries({ queryKey: EVENT_REQUESTS_KEY });
    },
  });
}

export function useReplyTemplates() {
  return useQuery({
    queryKey: REPLY_TEMPLATES_KEY,
    queryFn: () => unwrap(api.GET('/api/reply-templates')),
  });
}

export interface TemplateInput {
  name: string;
  body: string;
}

/** Adds (no id) or changes a saved reply. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TemplateInput }) =>
      id
        ? unwrap(api.PUT('/api/reply-templates/{id}', { params: { path: { id } }, body: input }))
        : unwrap(api.POST('/api/reply-templates', { body: input })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: REPLY_TEMPLATES_KEY }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(api.DELETE('/api/reply-templates/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: REPLY_TEMPLATES_KEY }),
  });
}

/** Fills a saved reply's placeholders from the request, for the provider to edit before sending. */
export function fillTemplate(body: string, values: { firstname: string; date: string; city: string }): string {
  return body.replaceAll('{firstname}', values.firstname).replaceAll('{date}', values.date).replaceAll('{city}', values.city);
}
