import { useParams } from 'react-router';
import { VenueServicesPage } from '@/features/venues/components/venue-pages';

export function Component() {
  const { id = '' } = useParams();
  return <VenueServicesPage key={id} id={id} />;
}
