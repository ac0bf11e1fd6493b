import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketingAudience } from '@/features/dashboard/api/get-promotional-alert';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type PromotionalPopup = NonNullable<
  paths['/api/marketing/promotional-popup/active']['get']['responses']['200']['content']['application/json']
>;

/** GET /api/marketing/promotional-popup/active?type= -> the active popup (description: sanitised HTML), or null. */
export async function getPromotionalPopup(type: MarketingAudience): Promise<PromotionalPopup | null> {
  return (await unwrap(api.GET('/api/marketing/promotional-popup/active', { params: { query: { type } } }))) ?? null;
}

/** A popup changes when an admin edits it: kept five minutes. */
export function promotionalPopupQueryOptions(type: MarketingAudience) {
  return queryOptions({ queryKey: queryKeys.marketing.popup(type), queryFn: () => getPromotionalPopup(type), staleTime: 5 * 60_000 });
}

export function usePromotionalPopup(type: MarketingAudience) {
  return useQuery(promotionalPopupQueryOptions(type));
}
