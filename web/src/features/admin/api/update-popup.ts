import { useMutation, useQueryClient } from '@tanstack/react-query';
import { popupsKey, type AdminPopup, type PopupInput } from '@/features/admin/api/list-popups';
import { api, unwrap } from '@/lib/api-client';

/** PUT /api/admin/promotional-popups/{id}: replaces every field; the reply is the popup as saved. */
export async function updatePopup(id: string, body: PopupInput): Promise<AdminPopup> {
  return unwrap(api.PUT('/api/admin/promotional-popups/{id}', { params: { path: { id } }, body }));
}

export function useUpdatePopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PopupInput }) => updatePopup(id, body),
    onSuccess: (saved) => {
      // The list shows the saved one at once; the refetch then brings the others of its type, deactivated.
      queryClient.setQueryData<AdminPopup[]>(popupsKey, (list) => list?.map((item) => (item.id === saved.id ? saved : item)));
      return queryClient.invalidateQueries({ queryKey: popupsKey });
    },
  });
}
