import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchGallery } from '@/features/photos/api/get-images';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** PATCH /api/images/{id}/visibility {isVisible} -> the visibility in force. */
export async function setImageVisibility(id: string, isVisible: boolean): Promise<boolean> {
  const reply = await unwrap(api.PATCH('/api/images/{id}/visibility', { params: { path: { id } }, body: { isVisible } }));
  return reply.isVisible;
}

export interface Visibility {
  id: string;
  visible: boolean;
}

/** The gallery shows the change at once, then the visibility in force; a failure puts it back. */
export function useSetImageVisibility(config?: MutationConfig<boolean, Visibility>) {
  const queryClient = useQueryClient();
  const show = (id: string, visible: boolean) => patchGallery(queryClient, (g) => ({ ...g, images: g.images.map((im) => (im.id === id ? { ...im, isVisible: visible } : im)) }));
  return useMutation(
    withConfig(
      {
        mutationFn: ({ id, visible }: Visibility) => setImageVisibility(id, visible),
        onMutate: ({ id, visible }) => show(id, visible),
        onSuccess: (visible, { id }) => show(id, visible),
        onError: (_failure, { id, visible }) => show(id, !visible),
      },
      config,
    ),
  );
}
