import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyInstagramStatus } from '@/features/social-networks/api/get-social-networks';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { withConfig, type MutationConfig } from '@/lib/query-client';

export type InstagramReply = components['schemas']['InstagramReply'];

/** POST /api/instagram/token {token}: redeems the ticket the return from Instagram put in the address. */
export async function redeemInstagramTicket(token: string): Promise<InstagramReply> {
  return unwrap(api.POST('/api/instagram/token', { body: { token } }));
}

export function useRedeemInstagramTicket(config?: MutationConfig<InstagramReply, string>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig({ mutationFn: redeemInstagramTicket, onSuccess: (reply) => applyInstagramStatus(queryClient, reply.instagramStatus) }, config),
  );
}
