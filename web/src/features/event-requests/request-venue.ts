import type { EventRequestItem } from '@/features/event-requests/api/list-event-requests';

export type RequestVenue = NonNullable<EventRequestItem['venue']>;

/**
 * The second line of a request in the lists: the venue it is for when it
 * went to a venue owner (a venue's requests all want a venue, so the
 * service says nothing there), else the service the couple wants.
 */
export function requestSubtitle(request: Pick<EventRequestItem, 'venue' | 'project'>, t: (key: string, options?: Record<string, unknown>) => string): string {
  return request.venue ? t('requests.venue.for', { name: request.venue.name }) : request.project.serviceTypeLabel;
}
