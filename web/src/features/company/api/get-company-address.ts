import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type CompanyAddress = components['schemas']['Address'];

export const COMPANY_ADDRESS_KEY = ['company', 'address'] as const;

/** GET /api/company/address -> zipcode, city, countryCode, countryLabel, latitude, longitude. */
export async function getCompanyAddress(): Promise<CompanyAddress> {
  return unwrap(api.GET('/api/company/address'));
}
