import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type PortfolioList = paths['/api/portfolios']['get']['responses']['200']['content']['application/json'];

/** GET /api/portfolios -> the portfolios with the plan's limits. */
export function listPortfolios(signal?: AbortSignal): Promise<PortfolioList> {
  return unwrap(api.GET('/api/portfolios', { signal }));
}

export function portfolioListQueryOptions() {
  return queryOptions({ queryKey: queryKeys.portfolios.list, queryFn: ({ signal }) => listPortfolios(signal) });
}

export function usePortfolioList() {
  return useQuery(portfolioListQueryOptions());
}
