import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertsKey, type AdminAlert, type AlertInput } from '@/features/admin/api/list-alerts';
import { api, unwrap } from '@/lib/api-client';

/** POST /api/admin/promotional-alerts: an active one deactivates the others of its type. */
export async function createAlert(body: AlertInput): Promise<AdminAlert> {
  return unwrap(api.POST('/api/admin/promotional-alerts', { body }));
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
