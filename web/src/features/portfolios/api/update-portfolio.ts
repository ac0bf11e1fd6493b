import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortfolioInput } from '@/features/portfolios/api/create-portfolio';
import { storePortfolio, type Portfolio } from '@/features/portfolios/api/get-portfolio';
import { api, unwrap } from '@/lib/api-client';

/** PUT /api/portfolios/{id} -> the portfolio as saved. */
export function updatePortfolio(id: string, body: PortfolioInput): Promise<Portfolio> {
  return unwrap(api.PUT('/api/portfolios/{id}', { params: { path: { id } }, body }));
}

export function useUpdatePortfolio(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: PortfolioInput) => updatePortfolio(id, body), onSuccess: (portfolio) => storePortfolio(queryClient, portfolio) });
}
