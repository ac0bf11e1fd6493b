import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';
import { useMe } from '@/lib/api/get-me';
import { clearSession, getRefreshToken, getToken, subscribeTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';

export function useToken(): string | null {
  return useSyncExternalStore(subscribeTokens, getToken, () => null);
}

export type Session =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'authenticated'; user: User };

/** The session as React sees it: no token means anonymous; else /api/me. */
export function useSession(): Session {
  const token = useToken();
  const me = useMe(token !== null);
  if (token === null) return { status: 'anonymous' };
  if (me.data) return { status: 'authenticated', user: me.data };
  if (me.isError) return { status: 'error', error: me.error, retry: () => void me.refetch() };
  return { status: 'loading' };
}

/** The signed-in user; only for components rendered behind the protected guard. */
export function useCurrentUser(): User {
  const session = useSession();
  if (session.status !== 'authenticated') throw new Error('useCurrentUser outside an authenticated route');
  return session.user;
}

/** POST /api/logout (revokes the refresh token), then forget everything. */
export async function logout(queryClient: QueryClient): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken && getToken()) {
    try {
      await api.POST('/api/logout', { body: { refresh_token: refreshToken } });
    } catch {
      // The server may be unreachable: the local session ends anyway.
    }
  }
  clearSession();
  queryClient.clear();
}

/** Sign-out for a screen: logout() with the app's query client. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => logout(queryClient), [queryClient]);
}
