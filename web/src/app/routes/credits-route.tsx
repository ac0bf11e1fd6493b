import { CreditsPage } from '@/features/credits/components/credits-page';

export function Component() {
  return <CreditsPage />;
}
