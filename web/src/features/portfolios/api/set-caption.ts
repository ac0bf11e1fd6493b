import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Portfolio, PortfolioImage } from '@/features/portfolios/api/get-portfolio';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface Caption {
  imageId: string;
  caption: string;
}

/** PUT /api/portfolios/{id}/images/{imageId}/caption {caption} -> the photo. */
export function setCaption(id: string, { imageId, caption }: Caption): Promise<PortfolioImage> {
  return unwrap(api.PUT('/api/portfolios/{id}/images/{imageId}/caption', { params: { path: { id, imageId } }, body: { caption } }));
}

/** The cached portfolio takes the caption as saved (also when the photo left the screen before the answer). */
export function useSetCaption(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caption: Caption) => setCaption(id, caption),
    onSuccess: (image, { imageId }) =>
      queryClient.setQueryData<Portfolio>(queryKeys.portfolios.one(id), (p) =>
        p ? { ...p, images: p.images.map((im) => (im.id === imageId ? { ...im, caption: image.caption } : im)) } : p,
      ),
  });
}
