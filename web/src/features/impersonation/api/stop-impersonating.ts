import { api, unwrap } from '@/lib/api-client';
import type { ImpersonationResponse } from '@/features/impersonation/api/impersonate';

/** POST /api/impersonation/stop-impersonating -> {token, user}: back to the admin's own token. */
export async function stopImpersonating(): Promise<ImpersonationResponse> {
  return unwrap(api.POST('/api/impersonation/stop-impersonating'));
}
