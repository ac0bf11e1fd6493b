import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getPortfolio, listPortfolios, type Portfolio } from '@/features/portfolios/api/portfolios-api';

export const portfolioKeys = {
  all: ['portfolios'] as const,
  list: () => ['portfolios', 'list'] as const,
  one: (id: string) => ['portfolios', 'one', id] as const,
  publicUrl: (id: string) => ['portfolios', 'public-url', id] as const,
  views: (period: string) => ['statistics', 'portfolio-views', period] as const,
};

/** The portfolios with the plan's limits (GET /api/portfolios). */
export function usePortfolioList() {
  return useQuery({ queryKey: portfolioKeys.list(), queryFn: ({ signal }) => listPortfolios(signal) });
}

/** One portfolio (GET /api/portfolios/{id}); a 404 is not retried. */
export function usePortfolio(id: string) {
  return useQuery({
    queryKey: portfolioKeys.one(id),
    queryFn: ({ signal }) => getPortfolio(id, signal),
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && (error as { status: number }).status === 404),
  });
}

/** Puts a portfolio the server sent back in the caches, and marks the list stale. */
export function useStorePortfolio() {
  const client = useQueryClient();
  return useCallback(
    (portfolio: Portfolio) => {
      client.setQueryData(portfolioKeys.one(portfolio.id), portfolio);
      void client.invalidateQueries({ queryKey: portfolioKeys.list() });
      // A new or renamed portfolio is a new series of the views chart.
      void client.invalidateQueries({ queryKey: ['statistics', 'portfolio-views'] });
    },
    [client],
  );
}
