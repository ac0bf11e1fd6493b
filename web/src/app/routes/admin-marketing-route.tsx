import { MarketingPage } from '@/features/admin/components/marketing-page';

export function Component() {
  return <MarketingPage />;
}
