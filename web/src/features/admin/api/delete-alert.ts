import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertsKey } from '@/features/admin/api/list-alerts';
import { api, unwrap } from '@/lib/api-client';

/** DELETE /api/admin/promotional-alerts/{id}. */
export async function deleteAlert(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/admin/promotional-alerts/{id}', { params: { path: { id } } }));
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
