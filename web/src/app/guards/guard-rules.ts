import { hasAnyRole, needsOnboarding, type Role, type User } from '@/lib/auth/user';

/** Where each guard sends a user, or null to let them through (part 1 §2 "Route guards"). */
export type GuardUser = Pick<User, 'roles' | 'hasFinishedOnboarding'>;

export const LOGIN_PATH = '/login';
export const ONBOARDING_PATH = '/onboarding';
export const HOME_PATH = '/';

/** Public-only pages (login, register, reset): a logged-in user goes home. */
export function publicOnlyRedirect(user: GuardUser | null): string | null {
  return user ? HOME_PATH : null;
}

/**
 * Protected pages: anonymous users go to /login; a provider who has not
 * finished onboarding goes to /onboarding from every other path, and one
 * who has finished is not shown the wizard again.
 */
export function protectedRedirect(user: GuardUser | null, pathname: string): string | null {
  if (!user) return LOGIN_PATH;
  const onOnboarding = pathname === ONBOARDING_PATH || pathname.startsWith(`${ONBOARDING_PATH}/`);
  if (needsOnboarding(user)) return onOnboarding ? null : ONBOARDING_PATH;
  return onOnboarding ? HOME_PATH : null;
}

/** Role-restricted pages: a user lacking every listed role goes to the fallback. */
export function roleRedirect(user: Pick<User, 'roles'>, roles: readonly Role[], fallback: string = HOME_PATH): string | null {
  return hasAnyRole(user, roles) ? null : fallback;
}

/** The screens the moderation flag gates (part 1 §2, DECISIONS.md): requests, subscription, credits. */
export const MODERATION_GATED_PATHS = ['/event-requests', '/subscription', '/credits'] as const;

/**
 * Gated screens: a provider waiting for moderation is shown why instead of
 * the screen (the server refuses its actions with account.errors.not_moderated).
 */
export function awaitsModeration(user: Pick<User, 'roles' | 'isModerated'>): boolean {
  return !user.isModerated && hasAnyRole(user, ['ROLE_PRESTATAIRE', 'ROLE_VENUE']);
}
