import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storePortfolio, type Portfolio } from '@/features/portfolios/api/get-portfolio';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** PUT /api/portfolios/{id}/images/{imageId}/key -> the portfolio with its new key image. */
export function setKeyImage(id: string, imageId: string): Promise<Portfolio> {
  return unwrap(api.PUT('/api/portfolios/{id}/images/{imageId}/key', { params: { path: { id, imageId } } }));
}

export function useSetKeyImage(id: string, config?: MutationConfig<Portfolio, string>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig({ mutationFn: (imageId: string) => setKeyImage(id, imageId), onSuccess: (portfolio) => storePortfolio(queryClient, portfolio) }, config),
  );
}
