import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/admin/users/{id}/siret-verify {isActive}: an admin's manual SIRET check. */
export async function verifySiret(id: string, isActive: boolean): Promise<{ siretStatus: 'active' | 'inactive' }> {
  return unwrap(api.POST('/api/admin/users/{id}/siret-verify', { params: { path: { id } }, body: { isActive } }));
}

export function useVerifySiret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => verifySiret(id, isActive),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
