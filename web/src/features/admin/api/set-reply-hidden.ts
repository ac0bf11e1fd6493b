import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@/features/admin/api/list-reviews';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /api/admin/reviews/{id}/reply-hidden {hidden}: a provider's reply that breaks the rules leaves (or comes back to) the public pages. */
export async function setReplyHidden(id: string, hidden: boolean): Promise<AdminReview> {
  return unwrap(api.PUT('/api/admin/reviews/{id}/reply-hidden', { params: { path: { id } }, body: { hidden } }));
}

export function useSetReplyHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) => setReplyHidden(id, hidden),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.reviews.all }),
  });
}
