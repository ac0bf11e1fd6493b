import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshVideos } from '@/features/videos/api/get-videos';
import { api, unwrap } from '@/lib/api-client';

/** DELETE /api/videos/{id}. */
export async function deleteVideo(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/videos/{id}', { params: { path: { id } } }));
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVideo, onSuccess: () => refreshVideos(queryClient) });
}
