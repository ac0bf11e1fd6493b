import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type RequestBooking = components['schemas']['RequestBooking'];

/** GET /api/event-requests/{uuid}/booking -> whether the couple booked the provider, and its invitation to review. */
export async function getBooking(uuid: string, signal?: AbortSignal): Promise<RequestBooking> {
  return unwrap(api.GET('/api/event-requests/{uuid}/booking', { params: { path: { uuid } }, signal }));
}

export function bookingQueryOptions(uuid: string) {
  return queryOptions({ queryKey: queryKeys.eventRequests.booking(uuid), queryFn: ({ signal }) => getBooking(uuid, signal) });
}

export function useBooking(uuid: string, enabled: boolean) {
  return useQuery({ ...bookingQueryOptions(uuid), enabled });
}
