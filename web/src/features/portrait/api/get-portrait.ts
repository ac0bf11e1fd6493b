import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type Portrait = components['schemas']['Portrait'];

/** GET /api/portrait-experiences -> the four sections, sanitised HTML. */
export function getPortrait(signal?: AbortSignal): Promise<Portrait> {
  return unwrap(api.GET('/api/portrait-experiences', { signal }));
}

export function portraitQueryOptions() {
  return queryOptions({ queryKey: queryKeys.portrait, queryFn: ({ signal }) => getPortrait(signal) });
}

export function usePortrait() {
  return useQuery(portraitQueryOptions());
}
