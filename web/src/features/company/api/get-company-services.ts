import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type CompanyServices = components['schemas']['CompanyServices'];
export type PrestationDetail = components['schemas']['PrestationDetail'];

export const COMPANY_SERVICES_KEY = ['company', 'services'] as const;

/** GET /api/company/services -> langues (ids), prestations (id, label), prestationDetails. */
export async function getCompanyServices(): Promise<CompanyServices> {
  return unwrap(api.GET('/api/company/services'));
}
