import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

/** A service type or a language, labelled in the user's language. */
export type Option = components['schemas']['Option'];

/** GET /api/prestations -> the nine service types, labelled in the user's language. */
export async function listPrestations(): Promise<Option[]> {
  const reply = await unwrap(api.GET('/api/prestations'));
  return reply.prestations;
}

/** The list changes with a release only: kept ten minutes, per interface language. */
export function prestationsQueryOptions(language: string) {
  return queryOptions({ queryKey: queryKeys.prestations(language), queryFn: listPrestations, staleTime: 10 * 60_000 });
}

export function usePrestations(language: string) {
  return useQuery(prestationsQueryOptions(language));
}
