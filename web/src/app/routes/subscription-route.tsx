import { SubscriptionPage } from '@/features/subscription/components/subscription-page';

export function Component() {
  return <SubscriptionPage />;
}
