import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertsKey, type AdminAlert, type AlertInput } from '@/features/admin/api/list-alerts';
import { api, unwrap } from '@/lib/api-client';

/** PUT /api/admin/promotional-alerts/{id}: replaces every field; an active one deactivates the others of its type. */
export async function updateAlert(id: string, body: AlertInput): Promise<AdminAlert> {
  return unwrap(api.PUT('/api/admin/promotional-alerts/{id}', { params: { path: { id } }, body }));
}

export function useUpdateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AlertInput }) => updateAlert(id, body),
    onSuccess: (saved) => {
      // The list shows the saved one at once; the refetch then brings the others of its type, deactivated.
      queryClient.setQueryData<AdminAlert[]>(alertsKey, (list) => list?.map((item) => (item.id === saved.id ? saved : item)));
      return queryClient.invalidateQueries({ queryKey: alertsKey });
    },
  });
}
