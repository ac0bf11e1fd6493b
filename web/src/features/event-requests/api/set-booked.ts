import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBooking } from '@/features/event-requests/api/get-booking';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT (mark) or DELETE (undo) /api/event-requests/{uuid}/booking -> the booking. */
export async function setBooked(uuid: string, booked: boolean): Promise<RequestBooking> {
  const params = { params: { path: { uuid } } };
  return unwrap(booked ? api.PUT('/api/event-requests/{uuid}/booking', params) : api.DELETE('/api/event-requests/{uuid}/booking', params));
}

export function useSetBooked(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booked: boolean) => setBooked(uuid, booked),
    onSuccess: (booking) => queryClient.setQueryData(queryKeys.eventRequests.booking(uuid), booking),
    // A refusal (the invitation went meanwhile) shows the state as it is.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.eventRequests.booking(uuid) }),
  });
}
