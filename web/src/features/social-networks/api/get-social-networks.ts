import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type SocialNetworks = components['schemas']['SocialNetworks'];
export type InstagramStatus = components['schemas']['InstagramStatus'];
export type SocialLinks = components['schemas']['SocialLinks'];

/** GET /api/social-networks -> the six links and the Instagram sync state. */
export async function getSocialNetworks(): Promise<SocialNetworks> {
  return unwrap(api.GET('/api/social-networks'));
}

export function socialNetworksQueryOptions() {
  return queryOptions({ queryKey: queryKeys.socialNetworks, queryFn: getSocialNetworks });
}

export function useSocialNetworks() {
  return useQuery(socialNetworksQueryOptions());
}

/** Puts an Instagram state the server sent back (connected, revoked) into the cached social networks. */
export function applyInstagramStatus(queryClient: QueryClient, instagramStatus: InstagramStatus): void {
  queryClient.setQueryData<SocialNetworks>(queryKeys.socialNetworks, (old) => (old ? { ...old, instagramStatus } : old));
}
