import createClient from 'openapi-fetch';
import type { paths } from '@/lib/api/schema';
import { ApiError } from '@/lib/api-error';
import { clearSession, getRefreshToken, getToken, setTokens } from '@/lib/auth/token-storage';

/** Part 1 section 9: every call times out after 15 s. */
export const REQUEST_TIMEOUT_MS = 15_000;

export const REFRESH_PATH = '/api/token/refresh';
/** Calls whose 401 means "wrong credentials", never "expired session". */
const NO_REFRESH_PATHS = ['/api/login_check', REFRESH_PATH, '/api/logout'];

type SessionExpiredHandler = () => void;

let sessionExpiredHandler: SessionExpiredHandler = () => {
  window.location.assign('/login?error=session_expired');
};

/** The app installs a handler that empties caches and routes to /login. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  sessionExpiredHandler = handler;
}

let timeoutMs = REQUEST_TIMEOUT_MS;

/** For tests only. */
export function setRequestTimeout(ms: number): void {
  timeoutMs = ms;
}

function origin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

function pathOf(url: string): string {
  try {
    return new URL(url, origin()).pathname;
  } catch {
    return url;
  }
}

/** fetch with the 15 s timeout (or the call's own); transport failures become ApiError(0, ...). */
async function timedFetch(request: Request, ms: number = timeoutMs): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const outer = request.signal;
  const forward = () => controller.abort();
  if (outer.aborted) controller.abort();
  else outer.addEventListener('abort', forward, { once: true });
  try {
    return await globalThis.fetch(request, { signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'timeout', 'The server took too long to answer.');
    if (outer.aborted) throw error;
    throw new ApiError(0, 'network', 'The server could not be reached.');
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', forward);
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time, shared by every request that got a 401 meanwhile. */
function refreshTokens(): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const response = await timedFetch(
        new Request(new URL(REFRESH_PATH, origin()), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        }),
      );
      if (!response.ok) return false;
      const body = (await response.json()) as { token?: unknown; refresh_token?: unknown };
      if (typeof body.token !== 'string' || body.token === '') return false;
      setTokens(body.token, typeof body.refresh_token === 'string' ? body.refresh_token : refreshToken);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Clears the session and sends the user to /login, when there was one. */
export function expireSession(): void {
  const hadSession = getToken() !== null || getRefreshToken() !== null;
  clearSession();
  if (hadSession) sessionExpiredHandler();
}

function authorize(request: Request, token: string | null): Request {
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
  if (typeof document !== 'undefined' && document.documentElement.lang && !request.headers.has('Accept-Language')) {
    request.headers.set('Accept-Language', document.documentElement.lang);
  }
  return request;
}

/**
 * The fetch every API call goes through: bearer token, timeout, and on a
 * 401 one refresh (POST /api/token/refresh) then one retry. When the refresh
 * fails, or there is no refresh token, the session is cleared and the user
 * is sent to /login with "Your session has expired".
 */
export async function apiFetch(request: Request, ms?: number): Promise<Response> {
  // A call made with its own token (sign-in fetching /api/me) is left alone.
  if (request.headers.has('Authorization')) return timedFetch(authorize(request, null), ms);
  const retry = request.clone();
  const token = getToken();
  const response = await timedFetch(authorize(request, token), ms);
  if (response.status !== 401 || token === null || NO_REFRESH_PATHS.includes(pathOf(request.url))) {
    return response;
  }
  if (!(await renewSession(token))) return response;
  const second = await timedFetch(authorize(retry, getToken()), ms);
  if (second.status === 401) expireSession();
  return second;
}

/**
 * After a 401 to a call made with `token`: whether a fresh token is now held,
 * refreshed by another request meanwhile or by this one. When none can be
 * had, the session is cleared and the user sent to /login. Uploads sent with
 * XMLHttpRequest (lib/upload) share it with apiFetch.
 */
export async function renewSession(token: string): Promise<boolean> {
  const current = getToken();
  const refreshed = current !== null && current !== token ? true : await refreshTokens();
  if (!refreshed) expireSession();
  return refreshed;
}

/** The same fetch with another timeout, for one call (`fetch` option of openapi-fetch): uploads get 30 s. */
export function fetchWithTimeout(ms: number): (request: Request) => Promise<Response> {
  return (request) => apiFetch(request, ms);
}

/** Typed client generated from api/openapi.yaml (`npm run gen:api`). */
export const api = createClient<paths>({
  baseUrl: origin(),
  fetch: (request: Request) => apiFetch(request),
});

interface FetchResult<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** Awaits an openapi-fetch call; returns its data or throws an ApiError. */
export async function unwrap<D>(call: Promise<FetchResult<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok) throw ApiError.from(response.status, error);
  return data as D;
}

