import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import type { EventRequestItem, EventRequestPage } from '@/features/event-requests/api/list-event-requests';

/** Test data shaped like the server's answers (api/openapi.yaml). */
export function makeItem(overrides: Partial<Omit<EventRequestItem, 'project'>> & { project?: Partial<EventRequestItem['project']> } = {}): EventRequestItem {
  const { project, ...rest } = overrides;
  return {
    uuid: '0190a1b2-0000-7000-8000-00000000aa01',
    createdAt: '2026-06-10T09:30:00Z',
    isSeen: false,
    seenDate: null,
    isRejected: false,
    hasRejectedAt: null,
    isUnlocked: false,
    unlockDate: null,
    venue: null,
    unlockCount: 0,
    unlockCap: 3,
    closed: false,
    unreadMessages: 0,
    outcome: null,
    outcomeAt: null,
    bookedThisProvider: false,
    refundedAt: null,
    refundReason: null,
    ...rest,
    project: {
      eventDate: '2026-09-12',
      eventTypeLabel: 'Wedding',
      serviceTypeLabel: 'Full planning',
      eventLocation: '',
      eventLocationCity: 'Lyon',
      eventLocationCountry: 'France',
      budgetRangeLabel: '€20,000 – €35,000',
      guestRangeLabel: '100 – 150',
      languagesLabel: ['French'],
      hasTheme: false,
      weddingTheme: '',
      ...project,
    },
  };
}

export function makePage(items: EventRequestItem[], overrides: Partial<EventRequestPage> = {}): EventRequestPage {
  return {
    eventRequests: items,
    unreadMessages: items.filter((item) => !item.isSeen).length,
    total: items.length,
    page: 1,
    pageSize: 25,
    ...overrides,
  };
}

export const REASON_LABELS: Record<string, string> = {
  budget: 'Budget does not fit',
  location: 'Location too far',
  not_available: 'Not available on that date',
  not_qualified: 'Not what I offer',
  not_sufficient_infos: 'Not enough information',
  other: 'Other reason',
  questionable: 'Questionable request',
};

type DetailOverrides = {
  uuid?: string;
  cap?: Partial<Pick<EventRequestDetail, 'unlockCount' | 'unlockCap' | 'closed'>>;
  venue?: EventRequestDetail['venue'];
  message?: Partial<EventRequestDetail['message']>;
  project?: Partial<EventRequestDetail['project']>;
  member?: Partial<EventRequestDetail['project']['member']>;
  refund?: Pick<EventRequestDetail, 'refundedAt' | 'refundReason'>;
};

export function makeDetail({ uuid, cap, venue, message, project, member, refund }: DetailOverrides = {}): EventRequestDetail {
  return {
    refundedAt: refund?.refundedAt ?? null,
    refundReason: refund?.refundReason ?? null,
    uuid: uuid ?? '0190a1b2-0000-7000-8000-00000000aa01',
    createdAt: '2026-06-10T09:30:00Z',
    unlockCount: 0,
    unlockCap: 3,
    closed: false,
    ...cap,
    outcome: null,
    outcomeAt: null,
    bookedThisProvider: false,
    message: {
      isUnlocked: false,
      isRejected: false,
      rejectionReason: null,
      message: 'We are getting married next summer.\nWe would love a country feel.',
      unlockDate: null,
      hasRejectedAt: null,
      ...message,
    },
    project: {
      eventDate: '2026-09-12',
      eventTypeLabel: 'Wedding',
      serviceTypeLabel: 'Full planning',
      eventLocation: 'Domaine des Saules',
      eventLocationCity: 'Lyon',
      eventLocationCountry: 'France',
      budgetRangeLabel: '€20,000 – €35,000',
      budgetPlannerRangeLabel: '€20,000 – €35,000',
      guestRangeLabel: '100 – 150',
      languagesLabel: ['French', 'English'],
      hasTheme: true,
      weddingTheme: 'Country chic',
      eventLocationZipcode: '69005',
      eventLocationLatitude: null,
      eventLocationLongitude: null,
      ...project,
      member: { firstname: 'Inès', lastname: null, email: null, phone: null, ...member },
    },
    rejectionReasons: REASON_LABELS,
    venue: venue ?? null,
  };
}
