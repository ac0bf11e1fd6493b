import { useMutation } from '@tanstack/react-query';
import type { ImpersonationResponse } from '@/features/impersonation/api/impersonate';
import { api, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getOriginalUser, stopImpersonationState } from '@/lib/auth/token-storage';

/** POST /api/impersonation/stop-impersonating -> {token, user}: back to the admin's own token. */
export async function stopImpersonating(): Promise<ImpersonationResponse> {
  return unwrap(api.POST('/api/impersonation/stop-impersonating'));
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
      window.location.reload();
    },
  });
}
