import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { Option } from '@/lib/api/list-prestations';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/langues -> the seven languages, labelled in the user's language. */
export async function listLangues(): Promise<Option[]> {
  const reply = await unwrap(api.GET('/api/langues'));
  return reply.langues;
}

/** The list changes with a release only: kept ten minutes, per interface language. */
export function languesQueryOptions(language: string) {
  return queryOptions({ queryKey: queryKeys.langues(language), queryFn: listLangues, staleTime: 10 * 60_000 });
}

export function useLangues(language: string) {
  return useQuery(languesQueryOptions(language));
}
