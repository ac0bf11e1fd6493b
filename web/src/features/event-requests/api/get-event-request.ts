import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { patchListItem } from '@/features/event-requests/api/list-event-requests';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type EventRequestDetail = components['schemas']['EventRequestDetail'];

/** GET /api/event-requests/{uuid} -> message, project, rejectionReasons; the server marks the request seen. */
export async function getEventRequest(uuid: string): Promise<EventRequestDetail> {
  return unwrap(api.GET('/api/event-requests/{uuid}', { params: { path: { uuid } } }));
}

/** One request. Opening it marks it seen, so the lists (dots, unread count) are refreshed. */
export function eventRequestQueryOptions(queryClient: QueryClient, uuid: string) {
  return queryOptions({
    queryKey: queryKeys.eventRequests.detail(uuid),
    queryFn: async () => {
      const detail = await getEventRequest(uuid);
      patchListItem(queryClient, uuid, { isSeen: true });
      return detail;
    },
  });
}

export function useEventRequest(uuid: string) {
  const queryClient = useQueryClient();
  return useQuery(eventRequestQueryOptions(queryClient, uuid));
}
