import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SocialLinks, SocialNetworks } from '@/features/social-networks/api/get-social-networks';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/social-networks {six links} -> the links as saved (canonical https form); one wrong link saves nothing (422). */
export async function saveSocialNetworks(links: SocialLinks): Promise<SocialNetworks> {
  return unwrap(api.POST('/api/social-networks', { body: links }));
}

export function useSaveSocialNetworks(config?: MutationConfig<SocialNetworks, SocialLinks>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig({ mutationFn: saveSocialNetworks, onSuccess: (saved) => queryClient.setQueryData(queryKeys.socialNetworks, saved) }, config),
  );
}
