import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchGallery, type Gallery, type GalleryImage } from '@/features/photos/api/get-images';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/images/order {imageIds: every photo once} -> the gallery in its new order. */
export async function reorderImages(imageIds: string[]): Promise<Gallery> {
  return unwrap(api.PUT('/api/images/order', { body: { imageIds } }));
}

/** The gallery shows the new order at once, then the server's; a refusal reads it again. */
export function useReorderImages(config?: MutationConfig<Gallery, string[]>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: reorderImages,
        onMutate: (ids) =>
          patchGallery(queryClient, (g) => ({ ...g, images: ids.map((id) => g.images.find((im) => im.id === id)).filter((im): im is GalleryImage => im !== undefined) })),
        onSuccess: (next) => queryClient.setQueryData(queryKeys.images, next),
        onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.images }),
      },
      config,
    ),
  );
}
