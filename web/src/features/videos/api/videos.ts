import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components, paths } from '@/lib/api/schema';
import { ME_QUERY_KEY } from '@/lib/auth/session';

export type Video = components['schemas']['Video'];
export type VideoList = paths['/api/videos']['get']['responses']['200']['content']['application/json'];
export type NewVideo = paths['/api/videos']['post']['requestBody']['content']['application/json'];

export const VIDEOS_QUERY_KEY = ['videos'] as const;

/** GET /api/videos -> the videos, newest first, and what the add button needs. */
export async function getVideos(signal?: AbortSignal): Promise<VideoList> {
  return unwrap(api.GET('/api/videos', { signal }));
}

export function useVideos() {
  return useQuery({ queryKey: VIDEOS_QUERY_KEY, queryFn: ({ signal }) => getVideos(signal) });
}

/** The dashboard's checklist reads hasVideos from /api/me: it follows every change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
}

/** POST /api/videos {title, description, link, status} -> the video. */
export function useAddVideo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: NewVideo) => (await unwrap(api.POST('/api/videos', { body }))).video,
    onSuccess: refresh,
  });
}

/** PATCH /api/videos/{id}/visibility {isVisible}; the list shows the change at once and goes back on failure. */
export function useSetVideoVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isVisible }: { id: string; isVisible: boolean }) =>
      unwrap(api.PATCH('/api/videos/{id}/visibility', { params: { path: { id } }, body: { isVisible } })),
    onMutate: async ({ id, isVisible }) => {
      await queryClient.cancelQueries({ queryKey: VIDEOS_QUERY_KEY });
      const before = queryClient.getQueryData<VideoList>(VIDEOS_QUERY_KEY);
      if (before) {
        queryClient.setQueryData<VideoList>(VIDEOS_QUERY_KEY, {
          ...before,
          videos: before.videos.map((v) => (v.id === id ? { ...v, isVisible } : v)),
        });
      }
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(VIDEOS_QUERY_KEY, context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY }),
  });
}

/** DELETE /api/videos/{id}. */
export function useDeleteVideo() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await unwrap(api.DELETE('/api/videos/{id}', { params: { path: { id } } }));
    },
    onSuccess: refresh,
  });
}
