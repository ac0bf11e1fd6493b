import { useMutation, useQueryClient } from '@tanstack/react-query';
import { popupsKey } from '@/features/admin/api/list-popups';
import { api, unwrap } from '@/lib/api-client';

/** DELETE /api/admin/promotional-popups/{id}. */
export async function deletePopup(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/admin/promotional-popups/{id}', { params: { path: { id } } }));
}

export function useDeletePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: popupsKey }),
  });
}
