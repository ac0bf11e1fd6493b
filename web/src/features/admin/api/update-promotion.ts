import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Promotion, PromotionInput, PromotionKind } from '@/features/admin/api/list-promotions';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const updates: { [K in PromotionKind]: (id: string, body: PromotionInput<K>) => Promise<Promotion<K>> } = {
  alert: (id, body) => unwrap(api.PUT('/api/admin/promotional-alerts/{id}', { params: { path: { id } }, body })),
  popup: (id, body) => unwrap(api.PUT('/api/admin/promotional-popups/{id}', { params: { path: { id } }, body })),
};

/**
 * PUT /api/admin/promotional-{alerts,popups}/{id}: replaces every field; an
 * active one deactivates the others of its kind and audience; the reply is
 * the message as saved.
 */
export function updatePromotion<K extends PromotionKind>(kind: K, id: string, body: PromotionInput<K>): Promise<Promotion<K>> {
  return updates[kind](id, body);
}

export type UpdatePromotionVariables = { [K in PromotionKind]: { kind: K; id: string; body: PromotionInput<K> } }[PromotionKind];

export function useUpdatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, body }: UpdatePromotionVariables) => updatePromotion(kind, id, body),
    onSuccess: (saved, { kind }) => {
      // The list shows the saved one at once; the refetch then brings the others of its type, deactivated.
      queryClient.setQueryData<Promotion[]>(queryKeys.admin.promotions(kind), (list) => list?.map((item) => (item.id === saved.id ? saved : item)));
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.promotions(kind) });
    },
  });
}
