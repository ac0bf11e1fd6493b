import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type AdminUser = components['schemas']['AdminUser'];

export interface UsersPage {
  items: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/users?q=&page=: e-mail, names or company containing q, newest first (25 a page). */
export async function searchUsers(q: string, page: number): Promise<UsersPage> {
  return unwrap(api.GET('/api/admin/users', { params: { query: { q: q || undefined, page } } }));
}

export function userSearchQueryOptions(q: string, page: number) {
  return queryOptions({ queryKey: queryKeys.admin.users.page(q, page), queryFn: () => searchUsers(q, page) });
}

/** One page; the previous one stays on screen while it loads. */
export function useUserSearch(q: string, page: number) {
  return useQuery({ ...userSearchQueryOptions(q, page), placeholderData: keepPreviousData });
}
