import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type CompanyDetails = components['schemas']['CompanyDetails'];

/** GET /api/company/details -> name, siret, siretStatus, webSite, dateOfCreation, countryCode. */
export async function getCompanyDetails(): Promise<CompanyDetails> {
  return unwrap(api.GET('/api/company/details'));
}

export function companyDetailsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.details, queryFn: getCompanyDetails });
}

export function useCompanyDetails({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...companyDetailsQueryOptions(), enabled });
}
