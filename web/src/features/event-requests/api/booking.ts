import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type RequestBooking = components['schemas']['RequestBooking'];

export const bookingKey = (uuid: string) => ['event-requests', uuid, 'booking'] as const;

/** GET /api/event-requests/{uuid}/booking -> whether the couple booked the provider, and its invitation to review. */
export function useBooking(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKey(uuid),
    queryFn: ({ signal }) => unwrap(api.GET('/api/event-requests/{uuid}/booking', { params: { path: { uuid } }, signal })),
    enabled,
  });
}

/** PUT (mark) or DELETE (undo) /api/event-requests/{uuid}/booking -> the booking. */
export function useSetBooked(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booked: boolean) =>
      unwrap(
        booked
          ? api.PUT('/api/event-requests/{uuid}/booking', { params: { path: { uuid } } })
          : api.DELETE('/api/event-requests/{uuid}/booking', { params: { path: { uuid } } }),
      ),
    onSuccess: (booking) => queryClient.setQueryData(bookingKey(uuid), booking),
    // A refusal (the invitation went meanwhile) shows the state as it is.
    onError: () => queryClient.invalidateQueries({ queryKey: bookingKey(uuid) }),
  });
}
