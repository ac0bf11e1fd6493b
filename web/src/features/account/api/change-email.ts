import { api, unwrap } from '@/lib/api-client';

export interface RenewedTokens {
  token?: string;
  refresh_token?: string;
}

/** POST /api/account/change-email {email} -> {token, refresh_token} of the renewed session. */
export async function changeEmail(email: string): Promise<RenewedTokens> {
  return unwrap(api.POST('/api/account/change-email', { body: { email } }));
}
