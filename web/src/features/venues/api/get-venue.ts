import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type Venue = components['schemas']['Venue'];
export type VenueImage = components['schemas']['VenueImage'];
export type VenueVideo = components['schemas']['VenueVideo'];
export type VenueVideoInput = components['schemas']['VenueVideoInput'];
export type VenueFeatures = components['schemas']['VenueFeatures'];
export type VenuePrestationDetail = components['schemas']['VenuePrestationDetail'];

/** GET /api/venues/{id} -> the owner's venue with its photos, videos and services. */
export function getVenue(id: string, signal?: AbortSignal): Promise<Venue> {
  return unwrap(api.GET('/api/venues/{id}', { params: { path: { id } }, signal }));
}

/** A 404 (unknown, or another owner's) is not asked again. */
export function venueQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.venues.one(id),
    queryFn: ({ signal }) => getVenue(id, signal),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500 && error.status > 0),
  });
}

export function useVenue(id: string) {
  return useQuery(venueQueryOptions(id));
}

/** Puts a venue the server sent back in the cache and marks the list (cards, dashboard) stale. */
export function storeVenue(queryClient: QueryClient, venue: Venue): void {
  queryClient.setQueryData(queryKeys.venues.one(venue.id), venue);
  void queryClient.invalidateQueries({ queryKey: queryKeys.venues.list });
}

/**
 * Applies a change of one photo to the cached venue as it is then, so quick
 * successive changes all count, and marks the list stale.
 */
export function patchVenue(queryClient: QueryClient, id: string, change: (venue: Venue) => Venue): void {
  queryClient.setQueryData<Venue>(queryKeys.venues.one(id), (current) => (current ? change(current) : current));
  void queryClient.invalidateQueries({ queryKey: queryKeys.venues.list });
}
