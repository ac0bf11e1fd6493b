import { CreditsPage } from '@/features/billing/components/credits-page';

export function Component() {
  return <CreditsPage />;
}
