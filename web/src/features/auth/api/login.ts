import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { setPostLoginTarget } from '@/lib/auth/post-login';
import { startSession } from '@/lib/auth/token-storage';
import { afterLoginPath, type User } from '@/lib/auth/user';
import { queryKeys } from '@/lib/query-keys';

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

export interface Credentials {
  email: string;
  password: string;
  /** Keep the session after the browser closes (localStorage) or only for this tab. */
  remember?: boolean;
}

/** Signs in, loads /api/me, stores the session; the guard then goes to /dashboard or /onboarding. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, password }: Credentials) => {
      const tokens = await loginCheck(email, password);
      const user = await fetchMeWithToken(tokens.token);
      return { tokens, user };
    },
    onSuccess: ({ tokens, user }, { remember = true }) => {
      // The public-only guard around /login redirects as soon as the session exists.
      setPostLoginTarget(afterLoginPath(user));
      queryClient.setQueryData(queryKeys.me, user);
      startSession(tokens.token, tokens.refresh_token, remember);
    },
  });
}
