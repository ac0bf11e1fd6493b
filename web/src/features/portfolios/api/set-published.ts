import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storePortfolio, type Portfolio } from '@/features/portfolios/api/get-portfolio';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** POST /api/portfolios/{id}/publish or /unpublish -> the portfolio. */
export function setPublished(id: string, published: boolean): Promise<Portfolio> {
  const params = { params: { path: { id } } };
  return unwrap(published ? api.POST('/api/portfolios/{id}/publish', params) : api.POST('/api/portfolios/{id}/unpublish', params));
}

export function useSetPublished(id: string, config?: MutationConfig<Portfolio, boolean>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig({ mutationFn: (published: boolean) => setPublished(id, published), onSuccess: (portfolio) => storePortfolio(queryClient, portfolio) }, config),
  );
}
