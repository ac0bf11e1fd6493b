import { SubscriptionPage } from '@/features/billing/components/subscription-page';

export function Component() {
  return <SubscriptionPage />;
}
