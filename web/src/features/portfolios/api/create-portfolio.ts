import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storePortfolio, type Portfolio } from '@/features/portfolios/api/get-portfolio';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type PortfolioInput = components['schemas']['PortfolioInput'];

/** POST /api/portfolios -> the new portfolio. */
export function createPortfolio(body: PortfolioInput): Promise<Portfolio> {
  return unwrap(api.POST('/api/portfolios', { body }));
}

export function useCreatePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPortfolio, onSuccess: (portfolio) => storePortfolio(queryClient, portfolio) });
}
