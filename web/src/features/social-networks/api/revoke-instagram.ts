import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyInstagramStatus } from '@/features/social-networks/api/get-social-networks';
import type { InstagramReply } from '@/features/social-networks/api/redeem-instagram-ticket';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';

/** GET /api/instagram/revoke: forgets the token and the synced posts. */
export async function revokeInstagram(): Promise<InstagramReply> {
  return unwrap(api.GET('/api/instagram/revoke'));
}

export function useRevokeInstagram(config?: MutationConfig<InstagramReply>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig({ mutationFn: revokeInstagram, onSuccess: (reply) => applyInstagramStatus(queryClient, reply.instagramStatus) }, config),
  );
}
