import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type Video = components['schemas']['Video'];
export type VideoList = paths['/api/videos']['get']['responses']['200']['content']['application/json'];

/** GET /api/videos -> the videos, newest first, and what the add button needs. */
export async function getVideos(signal?: AbortSignal): Promise<VideoList> {
  return unwrap(api.GET('/api/videos', { signal }));
}

export function videosQueryOptions() {
  return queryOptions({ queryKey: queryKeys.videos, queryFn: ({ signal }) => getVideos(signal) });
}

export function useVideos() {
  return useQuery(videosQueryOptions());
}

/** After an addition or a removal: the list, and /api/me, whose hasVideos the dashboard's checklist reads. */
export function refreshVideos(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.videos });
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}
