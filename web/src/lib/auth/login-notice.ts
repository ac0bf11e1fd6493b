/**
 * A message for the login page that survives the redirect to /login
 * (e.g. "Your session has expired"). Read once, then forgotten.
 */
export type LoginNotice = 'session_expired' | 'account_deleted';

let pending: LoginNotice | null = null;
const listeners = new Set<() => void>();

export function setLoginNotice(notice: LoginNotice): void {
  pending = notice;
  listeners.forEach((listener) => listener());
}

/**
 * Calls listener whenever a notice is set. The login page may already be on
 * screen when the session ends (a guard can redirect first), so it listens
 * instead of reading the notice only when it mounts.
 */
export function subscribeLoginNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function takeLoginNotice(): LoginNotice | null {
  const notice = pending;
  pending = null;
  return notice;
}

/** Reads the notice without forgetting it (a render may run twice); clearLoginNotice() forgets it. */
export function peekLoginNotice(): LoginNotice | null {
  return pending;
}

export function clearLoginNotice(): void {
  pending = null;
}
