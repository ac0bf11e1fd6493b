import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type CreditLog = paths['/api/credits/logs']['get']['responses']['200']['content']['application/json']['logs'][number];

export const CREDIT_LOGS_QUERY_KEY = ['credits', 'logs'] as const;

/** GET /api/credits/logs -> every deposit and withdrawal, newest first. */
export async function getCreditLogs(signal?: AbortSignal): Promise<CreditLog[]> {
  const body = await unwrap(api.GET('/api/credits/logs', { signal }));
  return body.logs;
}

export function useCreditLogs() {
  return useQuery({ queryKey: CREDIT_LOGS_QUERY_KEY, queryFn: ({ signal }) => getCreditLogs(signal) });
}
