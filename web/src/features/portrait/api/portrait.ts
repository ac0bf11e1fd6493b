import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { ME_QUERY_KEY } from '@/lib/auth/session';

export type Portrait = components['schemas']['Portrait'];

export const PORTRAIT_QUERY_KEY = ['portrait-experiences'] as const;

/** GET /api/portrait-experiences -> the four sections, sanitised HTML. */
export function usePortrait() {
  return useQuery({
    queryKey: PORTRAIT_QUERY_KEY,
    queryFn: ({ signal }) => unwrap(api.GET('/api/portrait-experiences', { signal })),
  });
}

/** POST /api/portrait-experiences -> the sections as saved; the dashboard's checklist follows. */
export function useSavePortrait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Portrait) => unwrap(api.POST('/api/portrait-experiences', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(PORTRAIT_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
