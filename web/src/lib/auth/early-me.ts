import { getToken } from '@/lib/auth/token-storage';
import { REQUEST_TIMEOUT_MS } from '@/lib/request-timeout';

// GET /api/me asked by the entry (src/entry.ts) before the app is even
// fetched, when a token is stored: the signed-in pages wait for it, and
// asked by the app it came only after the boot chunk had run, a wave of its
// own (issue #16). The session's first fetch (lib/auth/session fetchMe) takes
// its answer, so the page makes one request, not two. Kept out of
// lib/api-client so the entry stays small: an answer that is not a 200 is
// left to the app, which asks again through apiFetch (refresh on a 401).

let early: { token: string; response: Promise<Response | null> } | null = null;

/** Starts GET /api/me with the stored token, if any. */
export function startEarlyMe(): void {
  const token = getToken();
  if (token === null) return;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  // The same language apiFetch would send: the page's, set by the server.
  if (document.documentElement.lang) headers['Accept-Language'] = document.documentElement.lang;
  const response = fetch(new URL('/api/me', window.location.origin), { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(() => null);
  early = { token, response };
}

/**
 * The early answer, once, when it was asked with `token` (the one the app
 * holds now) and succeeded; otherwise null, and the caller asks itself.
 */
export async function takeEarlyMe<T>(token: string | null): Promise<T | null> {
  const taken = early;
  early = null;
  if (taken === null || taken.token !== token) return null;
  const response = await taken.response;
  if (!response?.ok) return null;
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}
