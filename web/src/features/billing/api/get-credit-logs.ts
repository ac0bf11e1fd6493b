import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type CreditLog = paths['/api/credits/logs']['get']['responses']['200']['content']['application/json']['logs'][number];

/** GET /api/credits/logs -> every deposit and withdrawal, newest first. */
export async function getCreditLogs(signal?: AbortSignal): Promise<CreditLog[]> {
  const body = await unwrap(api.GET('/api/credits/logs', { signal }));
  return body.logs;
}

export function creditLogsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.credits.logs, queryFn: ({ signal }) => getCreditLogs(signal) });
}

export function useCreditLogs() {
  return useQuery(creditLogsQueryOptions());
}

/** Marks the history stale, for when credits arrive by webhook. */
export function useRefreshCreditLogs(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.credits.logs }), [queryClient]);
}
