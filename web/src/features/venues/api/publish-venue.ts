import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeVenue, type Venue } from '@/features/venues/api/get-venue';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** PUT /api/venues/{id}/publish {published} -> the venue (422 with the missing fields). */
export function publishVenue(id: string, published: boolean): Promise<Venue> {
  return unwrap(api.PUT('/api/venues/{id}/publish', { params: { path: { id } }, body: { published } }));
}

export function usePublishVenue(id: string, config?: MutationConfig<Venue, boolean>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig({ mutationFn: (published: boolean) => publishVenue(id, published), onSuccess: (venue) => storeVenue(queryClient, venue) }, config),
  );
}
