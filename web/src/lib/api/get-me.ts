import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { User } from '@/lib/auth/user';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/me -> the signed-in user. */
export async function getMe(): Promise<User> {
  return unwrap(api.GET('/api/me'));
}

export function meQueryOptions() {
  return queryOptions({ queryKey: queryKeys.me, queryFn: getMe });
}

/** The session's reading of /api/me, while there is a token; asked again after a minute. */
export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled, staleTime: 60_000 });
}

/** /api/me asked every `interval` ms (none when false): waiting for what a webhook changes. */
export function usePollMe(interval: number | false) {
  useQuery({ ...meQueryOptions(), enabled: interval !== false, refetchInterval: interval });
}
