import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type Success = components['schemas']['Success'];

export interface PasswordReset {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /api/reset-password/reset/{token} {newPassword, confirmPassword, token}. */
export async function resetPassword({ token, newPassword, confirmPassword }: PasswordReset): Promise<Success> {
  return unwrap(
    api.POST('/api/reset-password/reset/{token}', {
      params: { path: { token } },
      body: { newPassword, confirmPassword, token },
    }),
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
