import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ViewsPeriod = 'today' | '7days' | '30days';
export type PortfolioViewPoint = { portfolioId: string; title: string; date: string; views: number };

/** GET /api/statistics/portfolio-views?period= -> one point per portfolio and day; premium only. */
export async function getPortfolioViews(period: ViewsPeriod, signal?: AbortSignal): Promise<PortfolioViewPoint[]> {
  const reply = await unwrap(api.GET('/api/statistics/portfolio-views', { params: { query: { period } }, signal }));
  return reply.data;
}

export function portfolioViewsQueryOptions(period: ViewsPeriod) {
  return queryOptions({ queryKey: queryKeys.statistics.portfolioViews.period(period), queryFn: ({ signal }) => getPortfolioViews(period, signal) });
}

/** The chart keeps the previous period on screen while the next one loads. */
export function usePortfolioViews(period: ViewsPeriod) {
  return useQuery({ ...portfolioViewsQueryOptions(period), placeholderData: keepPreviousData });
}
