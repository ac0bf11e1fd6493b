import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type SocialNetworks = components['schemas']['SocialNetworks'];
export type InstagramStatus = components['schemas']['InstagramStatus'];
export type SocialLinks = components['schemas']['SocialLinks'];

export const SOCIAL_NETWORKS_KEY = ['social-networks'] as const;

/** GET /api/social-networks -> the six links and the Instagram sync state. */
export async function getSocialNetworks(): Promise<SocialNetworks> {
  return unwrap(api.GET('/api/social-networks'));
}
