/**
 * A message for the login page that survives the redirect to /login
 * (e.g. "Your session has expired"). Read once, then forgotten.
 */
export type LoginNotice = 'session_expired';

let pending: LoginNotice | null = null;

export function setLoginNotice(notice: LoginNotice): void {
  pending = notice;
}

export function takeLoginNotice(): LoginNotice | null {
  const notice = pending;
  pending = null;
  return notice;
}
