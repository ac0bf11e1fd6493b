import { useParams } from 'react-router';
import { VenueServicesPage } from '@/features/venues/components/venue-services-page';

export function Component() {
  const { id = '' } = useParams();
  return <VenueServicesPage key={id} id={id} />;
}
