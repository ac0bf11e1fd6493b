import { CreateVenuePage } from '@/features/venues/components/venue-pages';

export function Component() {
  return <CreateVenuePage />;
}
