import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchMeWithToken } from '@/features/auth/api/login';
import { registerAccount, type Registration } from '@/features/auth/api/register';
import { setPostLoginTarget } from '@/lib/auth/post-login';
import { ME_QUERY_KEY } from '@/lib/auth/session';
import { startSession } from '@/lib/auth/token-storage';
import { afterLoginPath } from '@/lib/auth/user';

/**
 * Registers, loads the new user and stores the session; the public-only guard
 * then goes to /onboarding (a new provider has not finished it).
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (registration: Registration) => {
      const tokens = await registerAccount(registration);
      const user = await fetchMeWithToken(tokens.token);
      return { tokens, user };
    },
    onSuccess: ({ tokens, user }) => {
      setPostLoginTarget(afterLoginPath(user));
      queryClient.setQueryData(ME_QUERY_KEY, user);
      startSession(tokens.token, tokens.refresh_token, true);
    },
  });
}
