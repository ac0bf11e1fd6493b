import { useMutation } from '@tanstack/react-query';
import { impersonate } from '@/features/impersonation/api/impersonate';
import { stopImpersonating } from '@/features/impersonation/api/stop-impersonating';
import { getOriginalUser, startImpersonationState, stopImpersonationState } from '@/lib/auth/token-storage';
import { hasRole, type User } from '@/lib/auth/user';
import { ApiError } from '@/lib/api-error';

function reload() {
  window.location.reload();
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
      reload();
    },
  });
}

/** Stop: back to the admin's token, flags cleared, page reloaded. No stored original user is an error. */
export function useStopImpersonation() {
  return useMutation({
    mutationFn: async () => {
      if (getOriginalUser() === null) throw new ApiError(400, 'impersonation.errors.stop', '');
      return stopImpersonating();
    },
    onSuccess: (response) => {
      stopImpersonationState(response.token, response.refresh_token);
      reload();
    },
  });
}
