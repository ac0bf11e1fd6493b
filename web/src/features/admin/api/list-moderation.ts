import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type ModerationItem = components['schemas']['AdminModerationItem'];

export interface ModerationPage {
  items: ModerationItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/moderation?page=: the providers waiting, oldest first (50 a page). */
export async function listModeration(page: number): Promise<ModerationPage> {
  return unwrap(api.GET('/api/admin/moderation', { params: { query: { page } } }));
}

export function moderationQueryOptions(page: number) {
  return queryOptions({ queryKey: queryKeys.admin.moderation.page(page), queryFn: () => listModeration(page) });
}

/** One page; the previous one stays on screen while it loads. */
export function useModerationQueue(page: number) {
  return useQuery({ ...moderationQueryOptions(page), placeholderData: keepPreviousData });
}
