import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type MarketingAudience = 'planner' | 'venue';

export type PromotionalAlert = NonNullable<
  paths['/api/marketing/promotional-alert/active']['get']['responses']['200']['content']['application/json']
>;

/** GET /api/marketing/promotional-alert/active?type= -> the active alert, or null. */
export async function getPromotionalAlert(type: MarketingAudience): Promise<PromotionalAlert | null> {
  return (await unwrap(api.GET('/api/marketing/promotional-alert/active', { params: { query: { type } } }))) ?? null;
}

/** An alert changes when an admin edits it: kept five minutes. */
export function promotionalAlertQueryOptions(type: MarketingAudience) {
  return queryOptions({ queryKey: queryKeys.marketing.alert(type), queryFn: () => getPromotionalAlert(type), staleTime: 5 * 60_000 });
}

export function usePromotionalAlert(type: MarketingAudience) {
  return useQuery(promotionalAlertQueryOptions(type));
}
