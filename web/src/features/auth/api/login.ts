import { api, unwrap } from '@/lib/api-client';
import type { User } from '@/lib/auth/user';

export interface LoginTokens {
  token: string;
  refresh_token: string;
}

/** POST /api/login_check {username, password} -> {token, refresh_token}. */
export async function loginCheck(username: string, password: string): Promise<LoginTokens> {
  return unwrap(api.POST('/api/login_check', { body: { username, password } }));
}

/** GET /api/me with the token just received, before it is stored. */
export async function fetchMeWithToken(token: string): Promise<User> {
  return unwrap(api.GET('/api/me', { headers: { Authorization: `Bearer ${token}` } }));
}
