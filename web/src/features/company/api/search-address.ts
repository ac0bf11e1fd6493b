import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type Place = components['schemas']['Place'];

/** GET /api/address/search?q=&country= -> up to 10 places (empty country: the seven countries). */
export async function searchAddress(q: string, country: string, signal?: AbortSignal): Promise<Place[]> {
  return unwrap(api.GET('/api/address/search', { params: { query: { q, country } }, signal }));
}
