import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import type { User } from '@/lib/auth/user';

export type OnboardingPayload = paths['/api/onboarding/finish']['post']['requestBody']['content']['application/json'];

/** POST /api/onboarding/finish {company} -> 201 and the updated user. */
export async function finishOnboarding(payload: OnboardingPayload): Promise<User> {
  return unwrap(api.POST('/api/onboarding/finish', { body: payload }));
}
