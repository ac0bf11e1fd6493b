import type { CompanyAddress } from '@/features/company/api/get-company-address';
import { api, unwrap } from '@/lib/api-client';

/** POST /api/company/address -> the saved address (postal code normalised). */
export async function updateCompanyAddress(address: CompanyAddress): Promise<CompanyAddress> {
  return unwrap(api.POST('/api/company/address', { body: address }));
}
