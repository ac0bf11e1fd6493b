import type { components } from '@/lib/api/schema';

/** The user of GET /api/me (part 1 section 3, API.md), generated from api/openapi.yaml. */
export type User = components['schemas']['User'];

export type Role = User['roles'][number];

export type PremiumStatus = User['premiumStatus'];

export function hasRole(user: Pick<User, 'roles'>, role: Role): boolean {
  return user.roles.includes(role);
}

export function hasAnyRole(user: Pick<User, 'roles'>, roles: readonly Role[]): boolean {
  return roles.some((role) => user.roles.includes(role));
}

/** Providers (planners, venues) finish onboarding before anything else; admins have none. */
export function needsOnboarding(user: Pick<User, 'roles' | 'hasFinishedOnboarding'>): boolean {
  return !user.hasFinishedOnboarding && hasAnyRole(user, ['ROLE_PRESTATAIRE', 'ROLE_VENUE']);
}

export function isImpersonated(user: Pick<User, 'impersonatorId'>): boolean {
  return user.impersonatorId !== null && user.impersonatorId !== undefined && user.impersonatorId !== '';
}

/** Where a successful sign-in lands (part 1 §2, /login). */
export function afterLoginPath(user: Pick<User, 'roles' | 'hasFinishedOnboarding'>): string {
  return needsOnboarding(user) ? '/onboarding' : '/dashboard';
}

/** Why a planner's public page does not show yet (GET /api/me); null when it shows or for non-planners. */
export type PublicProfileHidden = User['publicProfileHidden'];

/** The reasons a planner fixes from the company details: the SIRET's (a French company shows once it is active). */
export function isSiretReason(reason: PublicProfileHidden): reason is 'siret_unverified' | 'siret_not_found' | 'siret_inactive' {
  return reason === 'siret_unverified' || reason === 'siret_not_found' || reason === 'siret_inactive';
}
