import { api, unwrap } from '@/lib/api-client';
import type { User } from '@/lib/auth/user';

/** POST /api/account/personal-info {firstname, lastname} -> the updated user. */
export async function updatePersonalInfo(firstname: string, lastname: string): Promise<User> {
  return unwrap(api.POST('/api/account/personal-info', { body: { firstname, lastname } }));
}
