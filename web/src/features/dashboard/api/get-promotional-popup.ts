import type { MarketingAudience } from '@/features/dashboard/api/get-promotional-alert';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type PromotionalPopup = NonNullable<
  paths['/api/marketing/promotional-popup/active']['get']['responses']['200']['content']['application/json']
>;

/** GET /api/marketing/promotional-popup/active?type= -> the active popup (description: sanitised HTML), or null. */
export async function getPromotionalPopup(type: MarketingAudience): Promise<PromotionalPopup | null> {
  return (await unwrap(api.GET('/api/marketing/promotional-popup/active', { params: { query: { type } } }))) ?? null;
}
