import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/portfolios/{id}/public-url -> the published portfolio's address on the public site, or null. */
export async function getPublicUrl(id: string, signal?: AbortSignal): Promise<string | null> {
  const reply = await unwrap(api.GET('/api/portfolios/{id}/public-url', { params: { path: { id } }, signal }));
  return reply.url ?? null;
}

export function publicUrlQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.portfolios.publicUrl(id), queryFn: ({ signal }) => getPublicUrl(id, signal) });
}

export function usePublicUrl(id: string, enabled: boolean) {
  return useQuery({ ...publicUrlQueryOptions(id), enabled });
}
