import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type AdminUser = components['schemas']['AdminUser'];

export interface UsersPage {
  items: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

export const usersKey = ['admin', 'users'] as const;

/** GET /api/admin/users?q=&page=: e-mail, names or company containing q, newest first (25 a page). */
export async function searchUsers(q: string, page: number): Promise<UsersPage> {
  return unwrap(api.GET('/api/admin/users', { params: { query: { q: q || undefined, page } } }));
}

export function useUserSearch(q: string, page: number) {
  return useQuery({
    queryKey: [...usersKey, q, page],
    queryFn: () => searchUsers(q, page),
    placeholderData: keepPreviousData,
  });
}
