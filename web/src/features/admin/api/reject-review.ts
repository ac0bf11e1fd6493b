import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@/features/admin/api/list-reviews';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/reviews/{id}/reject: kept off (or taken off) the public profile. */
export async function rejectReview(id: string): Promise<AdminReview> {
  return unwrap(api.POST('/api/admin/reviews/{id}/reject', { params: { path: { id } } }));
}

export function useRejectReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.reviews.all }),
  });
}
