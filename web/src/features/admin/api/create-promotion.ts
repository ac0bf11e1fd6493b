import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Promotion, PromotionInput, PromotionKind } from '@/features/admin/api/list-promotions';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const creates: { [K in PromotionKind]: (body: PromotionInput<K>) => Promise<Promotion<K>> } = {
  alert: (body) => unwrap(api.POST('/api/admin/promotional-alerts', { body })),
  popup: (body) => unwrap(api.POST('/api/admin/promotional-popups', { body })),
};

/**
 * POST /api/admin/promotional-{alerts,popups}: an active one deactivates the
 * others of its kind and audience; a popup comes back with its description as
 * the server sanitised it.
 */
export function createPromotion<K extends PromotionKind>(kind: K, body: PromotionInput<K>): Promise<Promotion<K>> {
  return creates[kind](body);
}

export type CreatePromotionVariables = { [K in PromotionKind]: { kind: K; body: PromotionInput<K> } }[PromotionKind];

export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: CreatePromotionVariables) => createPromotion(kind, body),
    onSuccess: (_, { kind }) => queryClient.invalidateQueries({ queryKey: queryKeys.admin.promotions(kind) }),
  });
}
