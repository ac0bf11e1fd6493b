import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type AdminAlert = components['schemas']['AdminAlert'];
export type AlertInput = components['schemas']['AdminAlertInput'];
export type AdminPopup = components['schemas']['AdminPopup'];
export type PopupInput = components['schemas']['AdminPopupInput'];
export type Audience = AdminAlert['type'];

export const AUDIENCES: readonly Audience[] = ['planner', 'venue'];

/**
 * The two kinds of promotional message: an alert (a banner on the dashboard)
 * and a popup (a dialog). They share one create/read/update/delete; this map
 * keeps each kind's shapes apart, so every call stays typed per kind.
 */
export interface PromotionKinds {
  alert: { item: AdminAlert; input: AlertInput };
  popup: { item: AdminPopup; input: PopupInput };
}

export type PromotionKind = keyof PromotionKinds;
export type Promotion<K extends PromotionKind = PromotionKind> = PromotionKinds[K]['item'];
export type PromotionInput<K extends PromotionKind = PromotionKind> = PromotionKinds[K]['input'];

/** Only a popup says whether it shows once per user. */
export const isPopup = (message: Promotion): message is AdminPopup => 'showOncePerUser' in message;

// One entry per kind, since openapi-fetch types a call by its literal path.
const lists: { [K in PromotionKind]: () => Promise<Promotion<K>[]> } = {
  alert: async () => (await unwrap(api.GET('/api/admin/promotional-alerts'))).items,
  popup: async () => (await unwrap(api.GET('/api/admin/promotional-popups'))).items,
};

/** GET /api/admin/promotional-{alerts,popups}: every one, newest first, popup descriptions as the server sanitised them. */
export function listPromotions<K extends PromotionKind>(kind: K): Promise<Promotion<K>[]> {
  return lists[kind]();
}

export function promotionsQueryOptions<K extends PromotionKind>(kind: K) {
  return queryOptions({ queryKey: queryKeys.admin.promotions(kind), queryFn: () => listPromotions(kind) });
}

export function usePromotions<K extends PromotionKind>(kind: K) {
  return useQuery(promotionsQueryOptions(kind));
}
