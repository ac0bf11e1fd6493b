import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type CompanyDetails = components['schemas']['CompanyDetails'];

export const COMPANY_DETAILS_KEY = ['company', 'details'] as const;

/** GET /api/company/details -> name, siret, siretStatus, webSite, dateOfCreation, countryCode. */
export async function getCompanyDetails(): Promise<CompanyDetails> {
  return unwrap(api.GET('/api/company/details'));
}
