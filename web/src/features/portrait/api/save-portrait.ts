import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Portrait } from '@/features/portrait/api/get-portrait';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/portrait-experiences -> the sections as saved. */
export function savePortrait(body: Portrait): Promise<Portrait> {
  return unwrap(api.POST('/api/portrait-experiences', { body }));
}

/** The page shows the sections as saved; the dashboard's checklist (from /api/me) follows. */
export function useSavePortrait() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePortrait,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.portrait, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
