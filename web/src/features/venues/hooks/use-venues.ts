import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { getVenue, listVenuePrestations, listVenues, listVenueTypes, type Venue } from '@/features/venues/api/venues-api';
import { isApiError } from '@/lib/api-error';

export const venueKeys = {
  all: ['venues'] as const,
  list: () => ['venues', 'list'] as const,
  one: (id: string) => ['venues', 'one', id] as const,
  types: (lang: string) => ['venues', 'types', lang] as const,
  prestations: (lang: string) => ['venues', 'prestations', lang] as const,
};

/** The owner's venues with what the plan allows (GET /api/venues). */
export function useVenueList() {
  return useQuery({ queryKey: venueKeys.list(), queryFn: ({ signal }) => listVenues(signal) });
}

/** One venue (GET /api/venues/{id}); a 404 (unknown, or another owner's) is not retried. */
export function useVenue(id: string) {
  return useQuery({
    queryKey: venueKeys.one(id),
    queryFn: ({ signal }) => getVenue(id, signal),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500 && error.status > 0),
  });
}

/** The venue types labelled in the user's language. */
export function useVenueTypes() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: venueKeys.types(i18n.language), queryFn: ({ signal }) => listVenueTypes(signal), staleTime: 10 * 60_000 });
}

/** The services a venue may sell, labelled in the user's language. */
export function useVenuePrestations() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: venueKeys.prestations(i18n.language), queryFn: ({ signal }) => listVenuePrestations(signal), staleTime: 10 * 60_000 });
}

/** Puts a venue the server sent back in the cache and marks the list (cards, dashboard) stale. */
export function useStoreVenue() {
  const client = useQueryClient();
  return useCallback(
    (venue: Venue) => {
      client.setQueryData(venueKeys.one(venue.id), venue);
      void client.invalidateQueries({ queryKey: venueKeys.list() });
    },
    [client],
  );
}
