import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type Success = components['schemas']['Success'];

/** POST /api/reset-password/reset/{token} {newPassword, confirmPassword, token}. */
export async function resetPassword(token: string, newPassword: string, confirmPassword: string): Promise<Success> {
  return unwrap(
    api.POST('/api/reset-password/reset/{token}', {
      params: { path: { token } },
      body: { newPassword, confirmPassword, token },
    }),
  );
}
