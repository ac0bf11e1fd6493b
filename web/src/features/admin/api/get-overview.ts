import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type Overview = paths['/api/admin/overview']['get']['responses']['200']['content']['application/json'];
export type OverviewDay = components['schemas']['OverviewDay'];
export type Money = components['schemas']['Money'];

export const OVERVIEW_PERIODS = [7, 30, 90] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const DEFAULT_OVERVIEW_PERIOD: OverviewPeriod = 30;

/** The reader's time zone, so "today" on the overview is the admin's own day. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** GET /api/admin/overview?days=&tz=: what waits now, and the period's figures day by day. */
export async function getOverview(days: OverviewPeriod, tz: string, signal?: AbortSignal): Promise<Overview> {
  return unwrap(api.GET('/api/admin/overview', { params: { query: { days, tz } }, signal }));
}

export function overviewQueryOptions(days: OverviewPeriod, tz: string) {
  return queryOptions({ queryKey: queryKeys.admin.overview(days, tz), queryFn: ({ signal }) => getOverview(days, tz, signal) });
}

/** The overview in the reader's time zone; the previous period stays on screen while the next one loads. */
export function useOverview(days: OverviewPeriod) {
  return useQuery({ ...overviewQueryOptions(days, browserTimeZone()), placeholderData: keepPreviousData });
}
