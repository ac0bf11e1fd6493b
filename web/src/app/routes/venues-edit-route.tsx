import { useParams } from 'react-router';
import { EditVenuePage } from '@/features/venues/components/venue-pages';

export function Component() {
  const { id = '' } = useParams();
  return <EditVenuePage key={id} id={id} />;
}
