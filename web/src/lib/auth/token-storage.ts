/**
 * Where the session lives: localStorage, as in part 1 section 4, or
 * sessionStorage when the user signed in without "remember me" (the session
 * then ends with the tab). `token` and `refresh_token` hold the JWT pair;
 * `impersonating` and `original_user` hold the impersonation state. Listeners
 * are told about every change so React can follow the session
 * (useSyncExternalStore).
 */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const IMPERSONATING_KEY = 'impersonating';
export const ORIGINAL_USER_KEY = 'original_user';

const SESSION_KEYS = [TOKEN_KEY, REFRESH_TOKEN_KEY, IMPERSONATING_KEY, ORIGINAL_USER_KEY];

type Listener = () => void;
const listeners = new Set<Listener>();

type Area = 'local' | 'session';

function storage(area: Area): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function readFrom(area: Area, key: string): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeTo(area: Area, key: string, value: string | null): void {
  try {
    const target = storage(area);
    if (!target) return;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Storage disabled (private mode): the session lasts for this page only.
  }
}

/** The area holding the current session: the tab's when signed in without "remember me". */
function activeArea(): Area {
  return readFrom('session', REFRESH_TOKEN_KEY) !== null || readFrom('session', TOKEN_KEY) !== null ? 'session' : 'local';
}

function read(key: string): string | null {
  return readFrom(activeArea(), key);
}

function write(key: string, value: string | null): void {
  writeTo(activeArea(), key, value);
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

/** Whether the session survives the tab (signed in with "remember me"). */
export function isRemembered(): boolean {
  return activeArea() === 'local';
}

/** Stores a renewed pair where the session already lives (refresh, e-mail change). */
export function setTokens(token: string, refreshToken?: string | null): void {
  write(TOKEN_KEY, token);
  if (refreshToken !== undefined) write(REFRESH_TOKEN_KEY, refreshToken);
  notify();
}

/**
 * Opens a new session (sign-in, registration): in localStorage when the user
 * asked to be remembered, else in sessionStorage; the other area is emptied.
 */
export function startSession(token: string, refreshToken: string, remember = true): void {
  const area: Area = remember ? 'local' : 'session';
  for (const key of SESSION_KEYS) {
    writeTo('local', key, null);
    writeTo('session', key, null);
  }
  writeTo(area, TOKEN_KEY, token);
  writeTo(area, REFRESH_TOKEN_KEY, refreshToken);
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

/** Forgets the tokens, the impersonation flags and the stored original user, in both areas. */
export function clearSession(): void {
  for (const key of SESSION_KEYS) {
    writeTo('local', key, null);
    writeTo('session', key, null);
  }
  notify();
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) notify();
  });
}
