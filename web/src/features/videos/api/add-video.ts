import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshVideos, type Video } from '@/features/videos/api/get-videos';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type NewVideo = paths['/api/videos']['post']['requestBody']['content']['application/json'];

/** POST /api/videos {title, description, link, status} -> the video. */
export async function addVideo(body: NewVideo): Promise<Video> {
  return (await unwrap(api.POST('/api/videos', { body }))).video;
}

export function useAddVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addVideo, onSuccess: () => refreshVideos(queryClient) });
}
