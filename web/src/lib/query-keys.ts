/**
 * Every TanStack Query key of the app, in one place. A key names one reply of
 * the server; an invalidation names a key's prefix, so everything it covers
 * is visible here: `queryKeys.eventRequests.all` reaches the lists, the
 * details, the conversations and the bookings. Keys used by two features
 * (GET /api/venues is read by the venue screens and by the dashboard) are one
 * entry, so both read and refresh the same cache.
 *
 * Only the endpoint files (features/<area>/api/, lib/api/) use these keys.
 */
export const queryKeys = {
  /** GET /api/me: the signed-in user (credits, premium, checklist flags). */
  me: ['me'] as const,

  account: {
    dataExport: ['account', 'data-export'] as const,
  },

  /** The address search, per text and interface language (the countries' names). */
  addressSearch: (q: string, language: string) => ['address-search', q, language] as const,
  prestations: (language: string) => ['prestations', language] as const,
  langues: (language: string) => ['langues', language] as const,

  admin: {
    all: ['admin'] as const,
    overview: (days: number, tz: string) => ['admin', 'overview', days, tz] as const,
    audit: (page: number) => ['admin', 'audit', page] as const,
    moderation: {
      all: ['admin', 'moderation'] as const,
      page: (page: number) => ['admin', 'moderation', page] as const,
    },
    users: {
      all: ['admin', 'users'] as const,
      page: (q: string, page: number) => ['admin', 'users', q, page] as const,
    },
    reviews: {
      all: ['admin', 'reviews'] as const,
      page: (status: string, page: number) => ['admin', 'reviews', status, page] as const,
    },
    venues: {
      all: ['admin', 'venues'] as const,
      page: (status: string, page: number) => ['admin', 'venues', status, page] as const,
    },
    /** Every page of every filter of the outbox: what a resend invalidates. */
    outbox: {
      all: ['admin', 'outbox'] as const,
      page: (to: string, state: string, page: number) => ['admin', 'outbox', to, state, page] as const,
    },
    promotions: (kind: string) => ['admin', 'promotions', kind] as const,
  },

  availability: {
    all: ['availability'] as const,
    /** A calendar's month: its venue ('' for the owner's own or the implied one) and month (YYYY-MM). */
    calendar: (venue: string, month: string) => ['availability', venue, month] as const,
  },

  company: {
    details: ['company', 'details'] as const,
    address: ['company', 'address'] as const,
    services: ['company', 'services'] as const,
  },

  credits: {
    prices: ['credits', 'prices'] as const,
    logs: ['credits', 'logs'] as const,
  },

  eventRequests: {
    all: ['event-requests'] as const,
    lists: ['event-requests', 'list'] as const,
    list: <P extends object>(params: P) => ['event-requests', 'list', params] as const,
    detail: (uuid: string) => ['event-requests', 'detail', uuid] as const,
    messages: (uuid: string) => ['event-requests', 'messages', uuid] as const,
    booking: (uuid: string) => ['event-requests', uuid, 'booking'] as const,
  },
  replyTemplates: ['reply-templates'] as const,

  images: ['images'] as const,
  legal: (page: string, language: string) => ['legal', page, language] as const,

  marketing: {
    alert: (audience: string) => ['marketing', 'alert', audience] as const,
    popup: (audience: string) => ['marketing', 'popup', audience] as const,
  },

  portfolios: {
    all: ['portfolios'] as const,
    list: ['portfolios', 'list'] as const,
    one: (id: string) => ['portfolios', 'one', id] as const,
    publicUrl: (id: string) => ['portfolios', 'public-url', id] as const,
  },
  portrait: ['portrait-experiences'] as const,

  reviews: {
    all: ['reviews'] as const,
    page: (page: number) => ['reviews', page] as const,
  },

  socialNetworks: ['social-networks'] as const,

  statistics: {
    bookings: ['statistics', 'bookings'] as const,
    rates: ['statistics', 'rates'] as const,
    views: (period: string) => ['statistics', 'views', period] as const,
    /** Every period of the portfolios' chart: a new or renamed portfolio is a new series. */
    portfolioViews: {
      all: ['statistics', 'portfolio-views'] as const,
      period: (period: string) => ['statistics', 'portfolio-views', period] as const,
    },
  },

  venues: {
    all: ['venues'] as const,
    /** GET /api/venues, read by the venue screens and the dashboard's checklist. */
    list: ['venues', 'list'] as const,
    one: (id: string) => ['venues', 'one', id] as const,
    types: (language: string) => ['venues', 'types', language] as const,
    prestations: (language: string) => ['venues', 'prestations', language] as const,
  },

  videos: ['videos'] as const,
};
