import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@/features/reviews/api/list-reviews';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT (write, replace) or DELETE (reply null) /api/reviews/{id}/reply -> the review with its reply. */
export function setReply(id: string, reply: string | null): Promise<Review> {
  return unwrap(
    reply === null
      ? api.DELETE('/api/reviews/{id}/reply', { params: { path: { id } } })
      : api.PUT('/api/reviews/{id}/reply', { params: { path: { id } }, body: { reply } }),
  );
}

/** Every page of the list is read again. */
export function useSetReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: string | null) => setReply(id, reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
