import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@/features/admin/api/list-reviews';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/reviews/{id}/approve: published on the profile, the provider is e-mailed. */
export async function approveReview(id: string): Promise<AdminReview> {
  return unwrap(api.POST('/api/admin/reviews/{id}/approve', { params: { path: { id } } }));
}

export function useApproveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.reviews.all }),
  });
}
