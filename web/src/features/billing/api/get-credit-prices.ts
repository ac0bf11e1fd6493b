import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type CreditPrices = paths['/api/credits/prices']['get']['responses']['200']['content']['application/json'];

/** GET /api/credits/prices -> the server's price of every quantity, 1 to 50 credits, in cents. */
export async function getCreditPrices(signal?: AbortSignal): Promise<CreditPrices> {
  return unwrap(api.GET('/api/credits/prices', { signal }));
}

/** The price list changes only with a release: fetched once per visit. */
export function creditPricesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.credits.prices, queryFn: ({ signal }) => getCreditPrices(signal), staleTime: Infinity });
}

export function useCreditPrices() {
  return useQuery(creditPricesQueryOptions());
}
