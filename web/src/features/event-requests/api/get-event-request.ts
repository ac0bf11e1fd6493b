import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_REQUESTS_KEY, patchListItem } from '@/features/event-requests/api/list-event-requests';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type EventRequestDetail = components['schemas']['EventRequestDetail'];

export const eventRequestKey = (uuid: string) => [...EVENT_REQUESTS_KEY, 'detail', uuid] as const;

/** GET /api/event-requests/{uuid} -> message, project, rejectionReasons; the server marks the request seen. */
export async function getEventRequest(uuid: string): Promise<EventRequestDetail> {
  return unwrap(api.GET('/api/event-requests/{uuid}', { params: { path: { uuid } } }));
}

/** One request. Opening it marks it seen, so the lists (dots, unread count) are refreshed. */
export function useEventRequest(uuid: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: eventRequestKey(uuid),
    queryFn: async () => {
      const detail = await getEventRequest(uuid);
      patchListItem(queryClient, uuid, { isSeen: true });
      return detail;
    },
  });
}
