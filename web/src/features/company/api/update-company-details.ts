import type { CompanyDetails } from '@/features/company/api/get-company-details';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type DetailsPayload = paths['/api/company/details']['post']['requestBody']['content']['application/json'];

/** POST /api/company/details {name, siret, webSite, dateOfCreation} -> the saved details (website completed with https). */
export async function updateCompanyDetails(payload: DetailsPayload): Promise<CompanyDetails> {
  return unwrap(api.POST('/api/company/details', { body: payload }));
}
