import { useParams } from 'react-router';
import { EventRequestDetailPage } from '@/features/event-requests/components/event-request-detail-page';

export function Component() {
  const { uuid = '' } = useParams();
  // A new request starts from a clean page (dialogs, pending actions).
  return <EventRequestDetailPage key={uuid} uuid={uuid} />;
}
