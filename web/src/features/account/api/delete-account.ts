import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { setLoginNotice } from '@/lib/auth/login-notice';
import { clearSession } from '@/lib/auth/token-storage';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** DELETE /api/account/delete {reason}: closes the account (204). */
export async function deleteAccount(reason: string): Promise<void> {
  await unwrap(api.DELETE('/api/account/delete', { body: { reason } }));
}

/** The account is gone: the session and every cached reply are forgotten, and /login will say so. */
export function useDeleteAccount(config?: MutationConfig<void, string>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: deleteAccount,
        onSuccess: () => {
          setLoginNotice('account_deleted');
          clearSession();
          queryClient.clear();
        },
      },
      config,
    ),
  );
}
