import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoList } from '@/features/videos/api/get-videos';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface VideoVisibility {
  id: string;
  isVisible: boolean;
}

/** PATCH /api/videos/{id}/visibility {isVisible}. */
export async function setVideoVisibility({ id, isVisible }: VideoVisibility) {
  return unwrap(api.PATCH('/api/videos/{id}/visibility', { params: { path: { id } }, body: { isVisible } }));
}

/** The list shows the change at once and goes back on failure. */
export function useSetVideoVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVideoVisibility,
    onMutate: async ({ id, isVisible }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.videos });
      const before = queryClient.getQueryData<VideoList>(queryKeys.videos);
      if (before) {
        queryClient.setQueryData<VideoList>(queryKeys.videos, {
          ...before,
          videos: before.videos.map((v) => (v.id === id ? { ...v, isVisible } : v)),
        });
      }
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.videos, context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.videos }),
  });
}
