import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type CompanyAddress = components['schemas']['Address'];

/** GET /api/company/address -> zipcode, city, countryCode, countryLabel, latitude, longitude. */
export async function getCompanyAddress(): Promise<CompanyAddress> {
  return unwrap(api.GET('/api/company/address'));
}

export function companyAddressQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.address, queryFn: getCompanyAddress });
}

export function useCompanyAddress() {
  return useQuery(companyAddressQueryOptions());
}
