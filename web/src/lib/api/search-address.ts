import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ADDRESS_SEARCH_MIN_CHARS, type Place } from '@/lib/places';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/address/search?q=&country= -> up to 10 places (empty country: the seven countries). */
export async function searchAddress(q: string, country: string, signal?: AbortSignal): Promise<Place[]> {
  return unwrap(api.GET('/api/address/search', { params: { query: { q, country } }, signal }));
}

/** The places for a text in the interface language (the countries' names); a text is asked about once in five minutes. */
export function addressSearchQueryOptions(q: string, language: string) {
  return queryOptions({
    queryKey: queryKeys.addressSearch(q, language),
    queryFn: ({ signal }) => searchAddress(q, '', signal),
    enabled: q.length >= ADDRESS_SEARCH_MIN_CHARS,
    staleTime: 5 * 60_000,
  });
}

export function useAddressSearch(q: string, language: string) {
  return useQuery(addressSearchQueryOptions(q, language));
}
