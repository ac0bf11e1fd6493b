import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchGallery, type GalleryImage } from '@/features/photos/api/get-images';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

export interface PhotoText {
  title: string;
  description: string;
}

/** PATCH /api/images/{id} {title, description} -> the photo. */
export async function updateImage(id: string, { title, description }: PhotoText): Promise<GalleryImage> {
  const reply = await unwrap(api.PATCH('/api/images/{id}', { params: { path: { id } }, body: { title, description } }));
  return reply.image;
}

export function useUpdateImage(id: string, config?: MutationConfig<GalleryImage, PhotoText>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: (text: PhotoText) => updateImage(id, text),
        onSuccess: (updated) => patchGallery(queryClient, (g) => ({ ...g, images: g.images.map((im) => (im.id === updated.id ? updated : im)) })),
      },
      config,
    ),
  );
}
