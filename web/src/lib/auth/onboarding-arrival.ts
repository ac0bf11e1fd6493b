/**
 * Right after the wizard (part 1 §2): the dashboard is reached with the
 * navigation state `fromOnboarding` and celebrates. The wizard only stores the
 * finished user and raises this flag; the protected guard, which then sees a
 * finished user on /onboarding, makes the one redirect to /dashboard with the
 * state. One redirect, made by the guard, so the wizard and the guard never
 * race each other (as post-login.ts does for the sign-in).
 */
export interface OnboardingArrivalState {
  fromOnboarding: true;
}

export const ONBOARDING_ARRIVAL_STATE: OnboardingArrivalState = { fromOnboarding: true };

let pending = false;

export function setOnboardingArrival(): void {
  pending = true;
}

export function hasOnboardingArrival(): boolean {
  return pending;
}

/** The dashboard forgets the flag once it has read the state. */
export function clearOnboardingArrival(): void {
  pending = false;
}

/** Whether a location's state says the user comes from the wizard. */
export function isOnboardingArrival(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { fromOnboarding?: unknown }).fromOnboarding === true;
}
