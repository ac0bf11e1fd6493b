import { api, unwrap } from '@/lib/api-client';

/** POST /api/account/phone/check {phone}: texts a 6-digit code to the new number. */
export async function checkPhone(phone: string): Promise<void> {
  await unwrap(api.POST('/api/account/phone/check', { body: { phone } }));
}
