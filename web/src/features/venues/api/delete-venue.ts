import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/venues/{id}. */
export async function deleteVenue(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/venues/{id}', { params: { path: { id } } }));
}

/**
 * The list is read again and the venue leaves the cache before the screen
 * reacts (it goes back to the list, which must not show the venue any more).
 */
export function useDeleteVenue(id: string, { onSuccess, ...config }: MutationConfig<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => deleteVenue(id),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.venues.list });
      queryClient.removeQueries({ queryKey: queryKeys.venues.one(id) });
      await onSuccess?.(...args);
    },
  });
}
