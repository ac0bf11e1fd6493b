import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type VenueCard = components['schemas']['VenueCard'];
export type VenueList = paths['/api/venues']['get']['responses']['200']['content']['application/json'];

/** GET /api/venues -> the owner's venues with what the plan allows (the dashboard reads the same reply). */
export function listVenues(signal?: AbortSignal): Promise<VenueList> {
  return unwrap(api.GET('/api/venues', { signal }));
}

export function venueListQueryOptions() {
  return queryOptions({ queryKey: queryKeys.venues.list, queryFn: ({ signal }) => listVenues(signal) });
}

export function useVenueList() {
  return useQuery(venueListQueryOptions());
}
