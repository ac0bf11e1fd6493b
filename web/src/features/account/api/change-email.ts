import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export interface RenewedTokens {
  token?: string;
  refresh_token?: string;
}

/** POST /api/account/change-email {email} -> {token, refresh_token} of the renewed session. */
export async function changeEmail(email: string): Promise<RenewedTokens> {
  return unwrap(api.POST('/api/account/change-email', { body: { email } }));
}

export interface ChangedEmail {
  address: string;
  token: string;
  refreshToken: string;
}

/**
 * The server renews the session: the new token and refresh token are stored
 * (an answer without them is the error account.email.errors.noToken), then
 * the user shows the new address and is read again.
 */
export function useChangeEmail(config?: MutationConfig<ChangedEmail, string>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: async (address: string) => {
          const tokens = await changeEmail(address);
          if (!tokens.token || !tokens.refresh_token) throw new ApiError(200, 'account.email.errors.noToken', '');
          return { address, token: tokens.token, refreshToken: tokens.refresh_token };
        },
        onSuccess: ({ address, token, refreshToken }) => {
          setTokens(token, refreshToken);
          queryClient.setQueryData<User>(queryKeys.me, (current) => (current ? { ...current, email: address } : current));
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        },
      },
      config,
    ),
  );
}
