import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchMeWithToken, loginCheck } from '@/features/auth/api/login';
import { setPostLoginTarget } from '@/lib/auth/post-login';
import { ME_QUERY_KEY } from '@/lib/auth/session';
import { startSession } from '@/lib/auth/token-storage';
import { afterLoginPath } from '@/lib/auth/user';

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
      queryClient.setQueryData(ME_QUERY_KEY, user);
      startSession(tokens.token, tokens.refresh_token, remember);
    },
  });
}
