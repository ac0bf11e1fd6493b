import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, fetchWithTimeout, REQUEST_TIMEOUT_MS, setRequestTimeout, setSessionExpiredHandler, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { getRefreshToken, getToken, IMPERSONATING_KEY, ORIGINAL_USER_KEY, setTokens } from '@/lib/auth/token-storage';
import { server } from '@/test/msw-server';

const me = { id: 'u1', email: 'planner@noces.test' };

describe('the API client', () => {
  let expired: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    expired = vi.fn<() => void>();
    setSessionExpiredHandler(expired);
  });

  afterEach(() => setRequestTimeout(REQUEST_TIMEOUT_MS));

  it('times out after 15 seconds by default', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(15_000);
  });

  it('sends the stored token as a bearer', async () => {
    setTokens('access-1', 'refresh-1');
    let seen: string | null = null;
    server.use(
      http.get('*/api/me', ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json(me);
      }),
    );
    await expect(unwrap(api.GET('/api/me'))).resolves.toEqual(me);
    expect(seen).toBe('Bearer access-1');
  });

  it('sends no Authorization header without a token', async () => {
    let seen: string | null = 'unset';
    server.use(
      http.post('*/api/login_check', ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({ token: 't', refresh_token: 'r' });
      }),
    );
    await unwrap(api.POST('/api/login_check', { body: { username: 'a@b.c', password: 'secret' } }));
    expect(seen).toBeNull();
  });

  it('aborts a call that takes longer than the timeout', async () => {
    setRequestTimeout(50);
    server.use(
      http.get('*/api/me', async () => {
        await delay(1_000);
        return HttpResponse.json(me);
      }),
    );
    const failure = await unwrap(api.GET('/api/me')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('lets one call wait longer than the default (uploads: 30 s)', async () => {
    setRequestTimeout(50);
    server.use(
      http.get('*/api/me', async () => {
        await delay(150);
        return HttpResponse.json(me);
      }),
    );
    await expect(unwrap(api.GET('/api/me', { fetch: fetchWithTimeout(1_000) }))).resolves.toEqual(me);
    await expect(unwrap(api.GET('/api/me'))).rejects.toMatchObject({ code: 'timeout' });
  });

  it('turns an error body into a typed ApiError', async () => {
    setTokens('access-1', 'refresh-1');
    server.use(
      http.post('*/api/account/change-locale', () =>
        HttpResponse.json(
          { error: 'validation_failed', message: 'Langue inconnue', fields: { locale: 'invalid_locale' } },
          { status: 422 },
        ),
      ),
    );
    const failure = await unwrap(api.POST('/api/account/change-locale', { body: { locale: 'de' } })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Langue inconnue',
      fields: { locale: 'invalid_locale' },
    });
  });

  it('on a 401 refreshes once, stores the new pair and retries with the new token', async () => {
    setTokens('old-access', 'old-refresh');
    const refreshBodies: unknown[] = [];
    const authorizations: Array<string | null> = [];
    server.use(
      http.get('*/api/me', ({ request }) => {
        const auth = request.headers.get('Authorization');
        authorizations.push(auth);
        return auth === 'Bearer new-access'
          ? HttpResponse.json(me)
          : HttpResponse.json({ error: 'token_expired', message: 'expired' }, { status: 401 });
      }),
      http.post('*/api/token/refresh', async ({ request }) => {
        refreshBodies.push(await request.json());
        return HttpResponse.json({ token: 'new-access', refresh_token: 'new-refresh' });
      }),
    );

    await expect(unwrap(api.GET('/api/me'))).resolves.toEqual(me);
    expect(refreshBodies).toEqual([{ refresh_token: 'old-refresh' }]);
    expect(authorizations).toEqual(['Bearer old-access', 'Bearer new-access']);
    expect(getToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(expired).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that fail together', async () => {
    setTokens('old-access', 'old-refresh');
    let refreshes = 0;
    server.use(
      http.get('*/api/me', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer new-access'
          ? HttpResponse.json(me)
          : HttpResponse.json({ error: 'token_expired', message: '' }, { status: 401 }),
      ),
      http.post('*/api/token/refresh', async () => {
        refreshes += 1;
        await delay(20);
        return HttpResponse.json({ token: 'new-access', refresh_token: 'new-refresh' });
      }),
    );
    const results = await Promise.all([unwrap(api.GET('/api/me')), unwrap(api.GET('/api/me')), unwrap(api.GET('/api/me'))]);
    expect(results).toEqual([me, me, me]);
    expect(refreshes).toBe(1);
  });

  it('retries only once: a second 401 ends the session', async () => {
    setTokens('old-access', 'old-refresh');
    let calls = 0;
    server.use(
      http.get('*/api/me', () => {
        calls += 1;
        return HttpResponse.json({ error: 'unauthorized', message: '' }, { status: 401 });
      }),
      http.post('*/api/token/refresh', () => HttpResponse.json({ token: 'new-access', refresh_token: 'new-refresh' })),
    );
    await expect(unwrap(api.GET('/api/me'))).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
    expect(getToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('clears the session and reports it expired when the refresh fails', async () => {
    setTokens('old-access', 'old-refresh');
    window.localStorage.setItem(IMPERSONATING_KEY, 'true');
    window.localStorage.setItem(ORIGINAL_USER_KEY, JSON.stringify({ id: 'admin' }));
    server.use(
      http.get('*/api/me', () => HttpResponse.json({ error: 'token_expired', message: '' }, { status: 401 })),
      http.post('*/api/token/refresh', () =>
        HttpResponse.json({ error: 'invalid_refresh_token', message: '' }, { status: 401 }),
      ),
    );
    await expect(unwrap(api.GET('/api/me'))).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(window.localStorage.getItem(IMPERSONATING_KEY)).toBeNull();
    expect(window.localStorage.getItem(ORIGINAL_USER_KEY)).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('clears the session without calling refresh when there is no refresh token', async () => {
    window.localStorage.setItem('token', 'lonely-access');
    const refresh = vi.fn();
    server.use(
      http.get('*/api/me', () => HttpResponse.json({ error: 'token_expired', message: '' }, { status: 401 })),
      http.post('*/api/token/refresh', () => {
        refresh();
        return HttpResponse.json({ token: 'x', refresh_token: 'y' });
      }),
    );
    await expect(unwrap(api.GET('/api/me'))).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 from the sign-in call as wrong credentials, not an expired session', async () => {
    setTokens('stale-access', 'stale-refresh');
    const refresh = vi.fn();
    server.use(
      http.post('*/api/login_check', () =>
        HttpResponse.json({ error: 'invalid_credentials', message: 'Identifiants invalides.' }, { status: 401 }),
      ),
      http.post('*/api/token/refresh', () => {
        refresh();
        return HttpResponse.json({ token: 'x', refresh_token: 'y' });
      }),
    );
    await expect(
      unwrap(api.POST('/api/login_check', { body: { username: 'a@b.c', password: 'nope' } })),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(refresh).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
    expect(getToken()).toBe('stale-access');
  });
});
