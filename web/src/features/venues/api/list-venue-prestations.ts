import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type VenuePrestation = { slug: string; label: string };

/** GET /api/venues/prestations -> the services a venue may sell, labelled in the user's language. */
export async function listVenuePrestations(signal?: AbortSignal): Promise<VenuePrestation[]> {
  return (await unwrap(api.GET('/api/venues/prestations', { signal }))).prestations;
}

/** The list changes with a release only: kept ten minutes, per interface language. */
export function venuePrestationsQueryOptions(language: string) {
  return queryOptions({
    queryKey: queryKeys.venues.prestations(language),
    queryFn: ({ signal }) => listVenuePrestations(signal),
    staleTime: 10 * 60_000,
  });
}

export function useVenuePrestations() {
  const { i18n } = useTranslation();
  return useQuery(venuePrestationsQueryOptions(i18n.language));
}
