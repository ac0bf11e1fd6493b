import { SocialNetworksPage } from '@/features/social-networks/components/social-networks-page';

export function Component() {
  return <SocialNetworksPage />;
}
