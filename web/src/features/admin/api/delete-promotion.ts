import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionKind } from '@/features/admin/api/list-promotions';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const deletes: { [K in PromotionKind]: (id: string) => Promise<unknown> } = {
  alert: (id) => unwrap(api.DELETE('/api/admin/promotional-alerts/{id}', { params: { path: { id } } })),
  popup: (id) => unwrap(api.DELETE('/api/admin/promotional-popups/{id}', { params: { path: { id } } })),
};

/** DELETE /api/admin/promotional-{alerts,popups}/{id}. */
export async function deletePromotion(kind: PromotionKind, id: string): Promise<void> {
  await deletes[kind](id);
}

export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: PromotionKind; id: string }) => deletePromotion(kind, id),
    onSuccess: (_, { kind }) => queryClient.invalidateQueries({ queryKey: queryKeys.admin.promotions(kind) }),
  });
}
