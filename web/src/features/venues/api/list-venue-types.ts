import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type VenueOption = { value: string; label: string };

/** GET /api/venues/types -> the venue types, labelled in the user's language. */
export async function listVenueTypes(signal?: AbortSignal): Promise<VenueOption[]> {
  return (await unwrap(api.GET('/api/venues/types', { signal }))).types;
}

/** The list changes with a release only: kept ten minutes, per interface language. */
export function venueTypesQueryOptions(language: string) {
  return queryOptions({ queryKey: queryKeys.venues.types(language), queryFn: ({ signal }) => listVenueTypes(signal), staleTime: 10 * 60_000 });
}

export function useVenueTypes() {
  const { i18n } = useTranslation();
  return useQuery(venueTypesQueryOptions(i18n.language));
}
