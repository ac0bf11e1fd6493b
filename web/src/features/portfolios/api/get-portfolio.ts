import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type Portfolio = components['schemas']['Portfolio'];
export type PortfolioImage = components['schemas']['PortfolioImage'];

/** GET /api/portfolios/{id} -> the portfolio with its photos. */
export function getPortfolio(id: string, signal?: AbortSignal): Promise<Portfolio> {
  return unwrap(api.GET('/api/portfolios/{id}', { params: { path: { id } }, signal }));
}

/** A 404 (gone, or another's) is not asked again. */
export function portfolioQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.portfolios.one(id),
    queryFn: ({ signal }) => getPortfolio(id, signal),
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 404),
  });
}

export function usePortfolio(id: string) {
  return useQuery(portfolioQueryOptions(id));
}

/**
 * Puts a portfolio the server sent back in the caches and marks the list
 * stale; a new or renamed portfolio is a new series of the views chart.
 */
export function storePortfolio(queryClient: QueryClient, portfolio: Portfolio): void {
  queryClient.setQueryData(queryKeys.portfolios.one(portfolio.id), portfolio);
  void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios.list });
  void queryClient.invalidateQueries({ queryKey: queryKeys.statistics.portfolioViews.all });
}

/** Reads a portfolio again after its photos changed, then marks the list (photo counts, key image) stale. */
export async function refreshPortfolio(queryClient: QueryClient, id: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.portfolios.one(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios.list });
}
