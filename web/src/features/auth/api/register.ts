import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchMeWithToken } from '@/features/auth/api/login';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { setPostLoginTarget } from '@/lib/auth/post-login';
import { startSession } from '@/lib/auth/token-storage';
import { afterLoginPath } from '@/lib/auth/user';
import { queryKeys } from '@/lib/query-keys';

export type Registration = components['schemas']['Registration'];
export type Tokens = components['schemas']['Tokens'];

/** POST /api/register -> 201 {token, refresh_token}: the new provider is signed in. */
export async function registerAccount(body: Registration): Promise<Tokens> {
  return unwrap(api.POST('/api/register', { body }));
}

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
      queryClient.setQueryData(queryKeys.me, user);
      startSession(tokens.token, tokens.refresh_token, true);
    },
  });
}
