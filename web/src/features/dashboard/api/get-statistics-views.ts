import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export const VIEW_PERIODS = ['today', '7days', '30days'] as const;
export type ViewPeriod = (typeof VIEW_PERIODS)[number];
export const DEFAULT_VIEW_PERIOD: ViewPeriod = '7days';

export type ViewPoint = paths['/api/statistics/views']['get']['responses']['200']['content']['application/json']['data'][number];

/** GET /api/statistics/views?period= -> one point (date, views) per day of the period; premium only. */
export async function getStatisticsViews(period: ViewPeriod, signal?: AbortSignal): Promise<ViewPoint[]> {
  const reply = await unwrap(api.GET('/api/statistics/views', { params: { query: { period } }, signal }));
  return reply.data;
}

export function statisticsViewsQueryOptions(period: ViewPeriod) {
  return queryOptions({ queryKey: queryKeys.statistics.views(period), queryFn: ({ signal }) => getStatisticsViews(period, signal) });
}

/** The chart keeps the previous period on screen while the next one loads. */
export function useStatisticsViews(period: ViewPeriod) {
  return useQuery({ ...statisticsViewsQueryOptions(period), placeholderData: keepPreviousData });
}
