import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storePortfolio, type Portfolio, type PortfolioImage } from '@/features/portfolios/api/get-portfolio';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/portfolios/{id}/images/order {imageIds} -> the portfolio in its new order. */
export function reorderImages(id: string, imageIds: string[]): Promise<Portfolio> {
  return unwrap(api.PUT('/api/portfolios/{id}/images/order', { params: { path: { id } }, body: { imageIds } }));
}

/** The photos take their new places at once, and go back to the old ones on failure. */
export function useReorderImages(id: string, config?: MutationConfig<Portfolio, string[], { before: PortfolioImage[] } | undefined>) {
  const queryClient = useQueryClient();
  const patch = (change: (p: Portfolio) => Portfolio) => queryClient.setQueryData<Portfolio>(queryKeys.portfolios.one(id), (p) => (p ? change(p) : p));
  return useMutation(
    withConfig(
      {
        mutationFn: (ids: string[]) => reorderImages(id, ids),
        onMutate: (ids) => {
          const before = queryClient.getQueryData<Portfolio>(queryKeys.portfolios.one(id))?.images;
          patch((p) => ({ ...p, images: ids.map((imageId) => p.images.find((image) => image.id === imageId)).filter((image): image is PortfolioImage => Boolean(image)) }));
          return before ? { before } : undefined;
        },
        onSuccess: (portfolio) => storePortfolio(queryClient, portfolio),
        onError: (_error, _ids, context) => {
          if (context) patch((p) => ({ ...p, images: context.before }));
        },
      },
      config,
    ),
  );
}
