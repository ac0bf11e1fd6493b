import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { isApiError } from '@/lib/api-error';
import { setOnboardingArrival } from '@/lib/auth/onboarding-arrival';
import type { User } from '@/lib/auth/user';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export type OnboardingPayload = paths['/api/onboarding/finish']['post']['requestBody']['content']['application/json'];

/** POST /api/onboarding/finish {company} -> 201 and the updated user. */
export async function finishOnboarding(payload: OnboardingPayload): Promise<User> {
  return unwrap(api.POST('/api/onboarding/finish', { body: payload }));
}

/**
 * The guard sees the finished user on /onboarding and makes the one
 * redirect: /dashboard with the state fromOnboarding. /api/me is then
 * refreshed; a 409 (finished already, in another tab) refreshes it too.
 */
export function useFinishOnboarding(config?: MutationConfig<User, OnboardingPayload>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: finishOnboarding,
        onSuccess: (user) => {
          setOnboardingArrival();
          queryClient.setQueryData(queryKeys.me, user);
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        },
      },
      config,
    ),
  );
}
