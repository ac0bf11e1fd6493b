/**
 * A message for the login page that survives the redirect to /login
 * (e.g. "Your session has expired"). Read once, then forgotten.
 */
export type LoginNotice = 'session_expired' | 'account_deleted';

let pending: LoginNotice | null = null;

export function setLoginNotice(notice: LoginNotice): void {
  pending = notice;
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
