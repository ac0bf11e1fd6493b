import { VenuesPage } from '@/features/venues/components/venues-page';

export function Component() {
  return <VenuesPage />;
}
