/**
 * Where the session lives: localStorage, as in part 1 section 4.
 * `token` and `refresh_token` hold the JWT pair; `impersonating` and
 * `original_user` hold the impersonation state. Listeners are told about
 * every change so React can follow the session (useSyncExternalStore).
 */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const IMPERSONATING_KEY = 'impersonating';
export const ORIGINAL_USER_KEY = 'original_user';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled (private mode): the session lasts for this page only.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

export function setTokens(token: string, refreshToken?: string | null): void {
  write(TOKEN_KEY, token);
  if (refreshToken !== undefined) write(REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

export function isImpersonating(): boolean {
  return read(IMPERSONATING_KEY) === 'true';
}

export function getOriginalUser<T = unknown>(): T | null {
  const raw = read(ORIGINAL_USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function startImpersonationState(token: string, refreshToken: string, originalUser: unknown): void {
  write(ORIGINAL_USER_KEY, JSON.stringify(originalUser));
  write(IMPERSONATING_KEY, 'true');
  write(TOKEN_KEY, token);
  write(REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

export function stopImpersonationState(token: string, refreshToken: string): void {
  write(ORIGINAL_USER_KEY, null);
  write(IMPERSONATING_KEY, null);
  write(TOKEN_KEY, token);
  write(REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

/** Forgets the tokens, the impersonation flags and the stored original user. */
export function clearSession(): void {
  for (const key of [TOKEN_KEY, REFRESH_TOKEN_KEY, IMPERSONATING_KEY, ORIGINAL_USER_KEY]) write(key, null);
  notify();
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) notify();
  });
}
