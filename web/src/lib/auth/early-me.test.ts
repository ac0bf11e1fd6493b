import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { startEarlyMe, takeEarlyMe } from '@/lib/auth/early-me';
import { fetchMe } from '@/lib/auth/session';
import { getToken, setTokens } from '@/lib/auth/token-storage';
import { server } from '@/test/msw-server';

const me = { id: 'u1', email: 'planner@noces.test' };

describe('the early /api/me of the entry', () => {
  let calls: string[];

  beforeEach(() => {
    calls = [];
    setSessionExpiredHandler(vi.fn<() => void>());
    document.documentElement.lang = 'de';
  });

  const answer = (status: number) =>
    server.use(
      http.get('*/api/me', ({ request }) => {
        calls.push(`${request.headers.get('Authorization')} ${request.headers.get('Accept-Language')}`);
        const token = request.headers.get('Authorization');
        if (status === 401 && token === 'Bearer old') return HttpResponse.json({ code: 'auth.expired' }, { status: 401 });
        return HttpResponse.json(me);
      }),
      http.post('*/api/token/refresh', () => HttpResponse.json({ token: 'fresh', refresh_token: 'r2' })),
    );

  it('is the session’s first fetch: one request, with the token and the page’s language', async () => {
    answer(200);
    setTokens('access-1', 'refresh-1');
    startEarlyMe();
    await expect(fetchMe()).resolves.toEqual(me);
    expect(calls).toEqual(['Bearer access-1 de']);
    // Taken once: the next fetch asks the server.
    await expect(fetchMe()).resolves.toEqual(me);
    expect(calls).toHaveLength(2);
  });

  it('asks nothing without a token', async () => {
    answer(200);
    startEarlyMe();
    await expect(takeEarlyMe(getToken())).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('leaves a 401 to the app, which refreshes the token and asks again', async () => {
    answer(401);
    setTokens('old', 'refresh-1');
    startEarlyMe();
    await expect(fetchMe()).resolves.toEqual(me);
    expect(calls).toEqual(['Bearer old de', 'Bearer old de', 'Bearer fresh de']);
    expect(getToken()).toBe('fresh');
  });

  it('is not used for another token than the one it was asked with', async () => {
    answer(200);
    setTokens('access-1', 'refresh-1');
    startEarlyMe();
    setTokens('access-2', 'refresh-2');
    await expect(fetchMe()).resolves.toEqual(me);
    expect(calls.at(-1)).toBe('Bearer access-2 de');
  });
});
