import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type ImpersonationResponse = components['schemas']['Impersonation'];

/** POST /api/impersonation/impersonate {user_id} -> {token, user} (admins only). */
export async function impersonate(userId: string): Promise<ImpersonationResponse> {
  return unwrap(api.POST('/api/impersonation/impersonate', { body: { user_id: userId } }));
}
