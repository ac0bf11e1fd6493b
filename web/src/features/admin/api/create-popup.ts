import { useMutation, useQueryClient } from '@tanstack/react-query';
import { popupsKey, type AdminPopup, type PopupInput } from '@/features/admin/api/list-popups';
import { api, unwrap } from '@/lib/api-client';

/** POST /api/admin/promotional-popups: the reply holds the description as the server sanitised it. */
export async function createPopup(body: PopupInput): Promise<AdminPopup> {
  return unwrap(api.POST('/api/admin/promotional-popups', { body }));
}

export function useCreatePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: popupsKey }),
  });
}
