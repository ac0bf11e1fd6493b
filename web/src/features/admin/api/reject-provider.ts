import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationDecision } from '@/features/admin/api/approve-provider';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/users/{id}/reject {reason}: the reason is kept and e-mailed to the owner. */
export async function rejectProvider(id: string, reason: string): Promise<ModerationDecision> {
  return unwrap(api.POST('/api/admin/users/{id}/reject', { params: { path: { id } }, body: { reason } }));
}

export function useRejectProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectProvider(id, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
