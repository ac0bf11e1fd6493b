import { VenuesPage } from '@/features/admin/components/venues-page';

export function Component() {
  return <VenuesPage />;
}
