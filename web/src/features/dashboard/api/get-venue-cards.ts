import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

/** A venue as the owner's list describes it (GET /api/venues), with its completion flags and figures. */
export type VenueSummary = components['schemas']['VenueCard'];

export type VenueListReply = paths['/api/venues']['get']['responses']['200']['content']['application/json'];

/** GET /api/venues: the venue owner's venues and plan, for the dashboard's checklist and statistics. */
export function getVenueCards(signal?: AbortSignal): Promise<VenueListReply> {
  return unwrap(api.GET('/api/venues', { signal }));
}

/** The venue screens read the same reply under the same key: one reading of GET /api/venues for both. */
export function venueCardsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.venues.list, queryFn: ({ signal }) => getVenueCards(signal) });
}

export function useVenueCards() {
  return useQuery({ ...venueCardsQueryOptions(), select: (reply) => reply.venues });
}
