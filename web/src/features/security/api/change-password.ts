import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type Success = components['schemas']['Success'];

/** POST /api/account/change-password {currentPassword, newPassword}. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<Success> {
  return unwrap(api.POST('/api/account/change-password', { body: { currentPassword, newPassword } }));
}
