import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type CompanyServices = components['schemas']['CompanyServices'];
export type PrestationDetail = components['schemas']['PrestationDetail'];

/** GET /api/company/services -> langues (ids), prestations (id, label), prestationDetails. */
export async function getCompanyServices(): Promise<CompanyServices> {
  return unwrap(api.GET('/api/company/services'));
}

export function companyServicesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.services, queryFn: getCompanyServices });
}

export function useCompanyServices() {
  return useQuery(companyServicesQueryOptions());
}
