import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import type { MutationConfig } from '@/lib/query-client';

export type Success = components['schemas']['Success'];

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/account/change-password {currentPassword, newPassword}. */
export async function changePassword(body: PasswordChange): Promise<Success> {
  return unwrap(api.POST('/api/account/change-password', { body }));
}

export function useChangePassword(config?: MutationConfig<Success, PasswordChange>) {
  return useMutation({ ...config, mutationFn: changePassword });
}
