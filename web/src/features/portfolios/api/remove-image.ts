import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshPortfolio } from '@/features/portfolios/api/get-portfolio';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** DELETE /api/portfolios/{id}/images/{imageId}. */
export async function removeImage(id: string, imageId: string): Promise<void> {
  await unwrap(api.DELETE('/api/portfolios/{id}/images/{imageId}', { params: { path: { id, imageId } } }));
}

export function useRemoveImage(id: string, config?: MutationConfig<void, string>) {
  const queryClient = useQueryClient();
  return useMutation(withConfig({ mutationFn: (imageId: string) => removeImage(id, imageId), onSuccess: () => refreshPortfolio(queryClient, id) }, config));
}
