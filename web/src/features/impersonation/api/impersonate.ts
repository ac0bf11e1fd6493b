import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { components } from '@/lib/api/schema';
import { startImpersonationState } from '@/lib/auth/token-storage';
import { hasRole, type User } from '@/lib/auth/user';

export type ImpersonationResponse = components['schemas']['Impersonation'];

/** POST /api/impersonation/impersonate {user_id} -> {token, user} (admins only). */
export async function impersonate(userId: string): Promise<ImpersonationResponse> {
  return unwrap(api.POST('/api/impersonation/impersonate', { body: { user_id: userId } }));
}

/** Start (part 1 §4): the original user is saved, the new token stored, the flag set, the page reloaded. */
export function useStartImpersonation(currentUser: User) {
  return useMutation({
    mutationFn: async (userId: string) => {
      if (!hasRole(currentUser, 'ROLE_ADMIN')) throw new ApiError(403, 'impersonation.errors.unauthorized', '');
      return impersonate(userId.trim());
    },
    onSuccess: (response) => {
      startImpersonationState(response.token, response.refresh_token, currentUser);
      window.location.reload();
    },
  });
}
