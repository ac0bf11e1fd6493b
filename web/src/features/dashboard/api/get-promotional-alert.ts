import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type MarketingAudience = 'planner' | 'venue';

export type PromotionalAlert = NonNullable<
  paths['/api/marketing/promotional-alert/active']['get']['responses']['200']['content']['application/json']
>;

/** GET /api/marketing/promotional-alert/active?type= -> the active alert, or null. */
export async function getPromotionalAlert(type: MarketingAudience): Promise<PromotionalAlert | null> {
  return (await unwrap(api.GET('/api/marketing/promotional-alert/active', { params: { query: { type } } }))) ?? null;
}
