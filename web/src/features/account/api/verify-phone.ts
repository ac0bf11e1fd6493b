import { api, unwrap } from '@/lib/api-client';

/** POST /api/account/phone/verify {phone, code} -> {success, phone (E.164)}. */
export async function verifyPhone(phone: string, code: string): Promise<string> {
  const reply = await unwrap(api.POST('/api/account/phone/verify', { body: { phone, code } }));
  return reply.phone;
}
