import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type InstagramReply = components['schemas']['InstagramReply'];

/** GET /api/instagram/auth-url -> Instagram's authorisation window for the signed-in planner. */
export async function getInstagramAuthUrl(): Promise<string> {
  const { url } = await unwrap(api.GET('/api/instagram/auth-url'));
  return url;
}

/** POST /api/instagram/token {token}: redeems the ticket the return from Instagram put in the address. */
export async function redeemInstagramTicket(token: string): Promise<InstagramReply> {
  return unwrap(api.POST('/api/instagram/token', { body: { token } }));
}

/** GET /api/instagram/revoke: forgets the token and the synced posts. */
export async function revokeInstagram(): Promise<InstagramReply> {
  return unwrap(api.GET('/api/instagram/revoke'));
}
