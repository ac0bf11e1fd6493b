import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type CreditPrices = paths['/api/credits/prices']['get']['responses']['200']['content']['application/json'];

export const CREDIT_PRICES_QUERY_KEY = ['credits', 'prices'] as const;

/** GET /api/credits/prices -> the server's price of every quantity, 1 to 50 credits, in cents. */
export async function getCreditPrices(signal?: AbortSignal): Promise<CreditPrices> {
  return unwrap(api.GET('/api/credits/prices', { signal }));
}

/** The price list changes only with a release: fetched once per visit. */
export function useCreditPrices() {
  return useQuery({
    queryKey: CREDIT_PRICES_QUERY_KEY,
    queryFn: ({ signal }) => getCreditPrices(signal),
    staleTime: Infinity,
  });
}
