import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchGallery, refreshGallery } from '@/features/photos/api/get-images';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** DELETE /api/images/{id} -> 204. */
export async function deleteImage(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/images/{id}', { params: { path: { id } } }));
}

/** The photo leaves the gallery at once (a place is free again), then the gallery and the user are read again. */
export function useDeleteImage(config?: MutationConfig<void, string>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: deleteImage,
        onSuccess: (_, id) => {
          patchGallery(queryClient, (g) => ({ ...g, images: g.images.filter((im) => im.id !== id), imageCount: g.imageCount - 1, canAddMore: true }));
          void refreshGallery(queryClient);
        },
      },
      config,
    ),
  );
}
