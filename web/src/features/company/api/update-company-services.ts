import type { CompanyServices } from '@/features/company/api/get-company-services';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';

export type ServicesPayload = paths['/api/company/services']['post']['requestBody']['content']['application/json'];

/** POST /api/company/services {langues, prestations, prestationDetails} -> the saved services. */
export async function updateCompanyServices(payload: ServicesPayload): Promise<CompanyServices> {
  return unwrap(api.POST('/api/company/services', { body: payload }));
}
