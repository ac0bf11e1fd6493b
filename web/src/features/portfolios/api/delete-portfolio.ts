import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/portfolios/{id}. */
export async function deletePortfolio(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/portfolios/{id}', { params: { path: { id } } }));
}

/** The portfolio leaves the caches; the list and the views chart are read again. */
export function useDeletePortfolio(config?: MutationConfig<void, string>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: deletePortfolio,
        onSuccess: (_reply, id) => {
          queryClient.removeQueries({ queryKey: queryKeys.portfolios.one(id) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.statistics.portfolioViews.all });
        },
      },
      config,
    ),
  );
}
