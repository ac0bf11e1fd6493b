import { useSyncExternalStore } from 'react';

/**
 * Where the public-only guard sends a user who has just signed in
 * (/dashboard or /onboarding, part 1 §2). Without it, a logged-in user
 * who opens /login is sent to '/'. One redirect, made by the guard, so the
 * sign-in form and the guard never race each other.
 */
let target: string | null = null;
const listeners = new Set<() => void>();

export function setPostLoginTarget(path: string | null): void {
  target = path;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePostLoginTarget(): string | null {
  return useSyncExternalStore(subscribe, () => target, () => null);
}
