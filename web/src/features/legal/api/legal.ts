import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type LegalPageName = paths['/api/legal/{page}']['get']['parameters']['path']['page'];
export type LegalDocument = paths['/api/legal/{page}']['get']['responses']['200']['content']['application/json'];

/**
 * GET /api/legal/{page} -> a legal page of the host's domain in the interface
 * language; the language is part of the key, so switching it fetches the
 * page again. The texts change only when the server restarts.
 */
export function useLegalPage(page: LegalPageName) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['legal', page, language],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/legal/{page}', { params: { path: { page } }, headers: { 'Accept-Language': language }, signal })),
    staleTime: 60 * 60 * 1000,
  });
}
