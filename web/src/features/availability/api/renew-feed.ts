import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/availability/feed: a new private feed URL (the old one stops working). */
export async function renewFeed(): Promise<string> {
  const reply = await unwrap(api.POST('/api/availability/feed'));
  return reply.url;
}

/** The calendars are read again: they carry the feed's address. */
export function useRenewFeed(config?: MutationConfig<string>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig({ mutationFn: renewFeed, onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.availability.all }) }, config),
  );
}
