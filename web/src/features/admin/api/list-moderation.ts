import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type ModerationItem = components['schemas']['AdminModerationItem'];

export interface ModerationPage {
  items: ModerationItem[];
  total: number;
  page: number;
  pageSize: number;
}

export const moderationKey = ['admin', 'moderation'] as const;

/** GET /api/admin/moderation?page=: the providers waiting, oldest first (50 a page). */
export async function listModeration(page: number): Promise<ModerationPage> {
  return unwrap(api.GET('/api/admin/moderation', { params: { query: { page } } }));
}

export function useModerationQueue(page: number) {
  return useQuery({
    queryKey: [...moderationKey, page],
    queryFn: () => listModeration(page),
    placeholderData: keepPreviousData,
  });
}
