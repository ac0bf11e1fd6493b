import { EventRequestsPage } from '@/features/event-requests/components/event-requests-page';

export function Component() {
  return <EventRequestsPage />;
}
