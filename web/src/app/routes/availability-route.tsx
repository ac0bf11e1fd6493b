import { AvailabilityPage } from '@/features/availability/components/availability-page';

export function Component() {
  return <AvailabilityPage />;
}
