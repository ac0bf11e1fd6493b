import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type LegalPageName = paths['/api/legal/{page}']['get']['parameters']['path']['page'];
export type LegalDocument = paths['/api/legal/{page}']['get']['responses']['200']['content']['application/json'];

/** GET /api/legal/{page} -> a legal page of the host's domain, in the language asked for. */
export function getLegalPage(page: LegalPageName, language: string, signal?: AbortSignal): Promise<LegalDocument> {
  return unwrap(api.GET('/api/legal/{page}', { params: { path: { page } }, headers: { 'Accept-Language': language }, signal }));
}

/**
 * The language is part of the key, so switching it fetches the page again.
 * The texts change only when the server restarts.
 */
export function legalPageQueryOptions(page: LegalPageName, language: string) {
  return queryOptions({
    queryKey: queryKeys.legal(page, language),
    queryFn: ({ signal }) => getLegalPage(page, language, signal),
    staleTime: 60 * 60 * 1000,
  });
}

/** The page in the interface language. */
export function useLegalPage(page: LegalPageName) {
  const { i18n } = useTranslation();
  return useQuery(legalPageQueryOptions(page, i18n.language));
}
