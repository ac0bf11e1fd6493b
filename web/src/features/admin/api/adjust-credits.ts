import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/users/{id}/credits {amount, reason}: one credit-log row; returns the new balance. */
export async function adjustCredits(id: string, amount: number, reason: string): Promise<{ credits: number }> {
  return unwrap(api.POST('/api/admin/users/{id}/credits', { params: { path: { id } }, body: { amount, reason } }));
}

export function useAdjustCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount, reason }: { id: string; amount: number; reason: string }) => adjustCredits(id, amount, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
