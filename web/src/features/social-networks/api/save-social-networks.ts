import type { SocialLinks, SocialNetworks } from '@/features/social-networks/api/get-social-networks';
import { api, unwrap } from '@/lib/api-client';

/** POST /api/social-networks {six links} -> the links as saved (canonical https form); one wrong link saves nothing (422). */
export async function saveSocialNetworks(links: SocialLinks): Promise<SocialNetworks> {
  return unwrap(api.POST('/api/social-networks', { body: links }));
}
