import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type ModerationDecision = components['schemas']['AdminModeration'];

/** POST /api/admin/users/{id}/approve: the profile goes public and its owner is e-mailed. */
export async function approveProvider(id: string): Promise<ModerationDecision> {
  return unwrap(api.POST('/api/admin/users/{id}/approve', { params: { path: { id } } }));
}

export function useApproveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
