import { useParams } from 'react-router';
import { VenueDetailPage } from '@/features/venues/components/venue-detail-page';

export function Component() {
  const { id = '' } = useParams();
  // Another venue starts from a clean page (dialogs, uploads).
  return <VenueDetailPage key={id} id={id} />;
}
