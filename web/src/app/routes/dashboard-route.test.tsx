import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as DashboardRoute } from '@/app/routes/dashboard-route';
import { ONBOARDING_ARRIVAL_STATE } from '@/lib/auth/onboarding-arrival';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import type * as ConfigModule from '@/lib/config';
import type { AppConfig } from '@/lib/config';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRouter } from '@/test/render-router';

const config = vi.hoisted(() => ({ podcastUrl: '' }));
vi.mock('@/lib/config', async (original) => {
  const actual = await original<typeof ConfigModule>();
  return { ...actual, getConfig: (): AppConfig => ({ ...actual.parseConfig(), podcastUrl: config.podcastUrl }) };
});

const confetti = vi.hoisted(() => ({ launch: vi.fn(() => () => undefined) }));
vi.mock('@/features/dashboard/confetti', () => ({ launchConfetti: confetti.launch }));

interface Rates {
  answeredRate: number;
  seenOpenRate: number;
  unlockedRate: number;
  rejectedRate: number;
}

const calls: string[] = [];

// The booked-weddings card's answer: none yet unless a test sets some, so a
// test about another card meets this one in its empty state.
const months = Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, booked: 0 }));
let bookings: Record<string, unknown> = {};
function noBookings() {
  bookings = { months, booked: 0, creditsSpent: 0, costs: [{ currency: 'EUR', creditValueCents: 0, spentCents: 0, perBookingCents: null }] };
}

function stats(rates: Partial<Rates> = {}) {
  server.use(
    http.get('*/api/statistics/rates', ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return HttpResponse.json({
        success: true,
        data: { answeredRate: 50, seenOpenRate: 75, unlockedRate: 25, rejectedRate: 25, ...rates },
        lastMonthlyMessagesCount: 4,
        viewsTotal: 120,
      });
    }),
    http.get('*/api/statistics/bookings', () => HttpResponse.json(bookings)),
    http.get('*/api/statistics/views', ({ request }) => {
      const url = new URL(request.url);
      calls.push(`${url.pathname}?period=${url.searchParams.get('period')}`);
      return HttpResponse.json({ success: true, data: [{ date: '2026-06-14', views: 3 }, { date: '2026-06-15', views: 5 }] });
    }),
  );
}

function marketing({ alert = null, popup = null }: { alert?: object | null; popup?: object | null } = {}) {
  server.use(
    http.get('*/api/marketing/promotional-alert/active', ({ request }) => {
      calls.push(`alert?type=${new URL(request.url).searchParams.get('type')}`);
      return HttpResponse.json(alert);
    }),
    http.get('*/api/marketing/promotional-popup/active', ({ request }) => {
      calls.push(`popup?type=${new URL(request.url).searchParams.get('type')}`);
      return HttpResponse.json(popup);
    }),
  );
}

const venueCard = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  id,
  name,
  slug: id,
  type: 'castle',
  typeLabel: 'Castle',
  city: 'Lyon',
  countryCode: 'FR',
  isPublished: false,
  isValidated: false,
  keyImageUrl: null,
  imageCount: 0,
  hasDescription: false,
  hasCapacities: true,
  hasPrices: true,
  views30d: 0,
  requestCount: 0,
  publicUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

function venues(cards: object[]) {
  server.use(
    http.get('*/api/venues', () => {
      calls.push('/api/venues');
      return HttpResponse.json({ venues: cards, venueCount: cards.length, freePlanQuota: 1, isPremium: false, canAddMore: cards.length === 0, maxImages: 30, maxImageBytes: 5242880 });
    }),
  );
}

function renderDashboard(user: User, state: unknown = null) {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '/subscription', element: <p>subscription page</p> },
    ],
    { initialEntries: [{ pathname: '/dashboard', state }] },
  );
  renderRouter(client, router);
  return router;
}

beforeEach(() => {
  calls.length = 0;
  noBookings();
  config.podcastUrl = '';
  confetti.launch.mockClear();
  stats();
  marketing();
  venues([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard', () => {
  it('greets the user and shows the rates of a moderated planner', async () => {
    renderDashboard(makeUser());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello Camille!');
    expect(screen.queryByTestId('moderation-notice')).toBeNull();
    expect(await screen.findByTestId('stat-answered')).toHaveTextContent('50%');
    expect(screen.getByTestId('stat-seen')).toHaveTextContent('75%');
    expect(screen.getByTestId('stat-messages')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-views')).toHaveTextContent('120');
    expect(screen.queryByRole('img', { name: 'Congratulations' })).toBeNull();
  });

  it("gives an admin who is no professional the admin overview, and none of a professional's calls", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/overview', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('days') ?? '');
        return HttpResponse.json({
          days: 30,
          timeZone: 'UTC',
          awaitingModeration: 5,
          failedMessages: 0,
          requestsReceived: 0,
          requestsUnlocked: 0,
          series: [],
          total: { date: '', newProviders: 0, projects: 0, requests: 0, unlocks: 0, creditsSold: 0, creditRevenue: [], premiumRevenue: [] },
        });
      }),
    );
    renderDashboard(makeUser({ roles: ['ROLE_ADMIN'], publicUrl: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByTestId('figure-moderation')).toHaveTextContent('5');
    expect(asked).toEqual(['30']);
    expect(calls).toEqual([]);
  });

  it('shows the moderation notice and no statistics until the profile is moderated', async () => {
    renderDashboard(makeUser({ isModerated: false }));
    expect(screen.getByTestId('moderation-notice')).toHaveTextContent('Your profile is being moderated');
    expect(screen.getByTestId('profile-completion')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('popup?type=planner'));
    expect(screen.queryByTestId('statistics-card')).toBeNull();
    expect(calls).not.toContain('/api/statistics/rates');
  });

  it('shows "—" for the cost per booked wedding before a first booking', async () => {
    stats();
    renderDashboard(makeUser());
    const card = await screen.findByTestId('bookings-card');
    expect(await within(card).findByTestId('bookings-cost')).toHaveTextContent('—');
    expect(within(card).getByTestId('bookings-note')).toHaveTextContent('No booking yet');
    expect(within(card).queryByTestId('bookings-bars')).toBeNull();
  });

  it("shows the booked weddings per month and the cost of each in the reader's language", async () => {
    stats();
    bookings = {
      months: months.map((m, i) => ({ ...m, booked: i === 10 ? 2 : i === 3 ? 1 : 0 })),
      booked: 3,
      creditsSpent: 4,
      costs: [{ currency: 'EUR', creditValueCents: 2591, spentCents: 15264, perBookingCents: 5088 }],
    };
    renderDashboard(makeUser());
    const booked = await screen.findByTestId('bookings-card');
    expect(await within(booked).findByTestId('bookings-cost')).toHaveTextContent('€50.88');
    expect(within(booked).getByTestId('bookings-count')).toHaveTextContent('3');
    expect(within(booked).getByTestId('bookings-note')).toHaveTextContent('Spent over 12 months: €152.64 (unlocks net of refunds: 4 × €25.91, plus premium)');
    expect(within(booked).getByTestId('bookings-bars')).toBeInTheDocument();
    expect(within(booked).getByRole('table', { name: 'Weddings booked per month' })).toHaveTextContent('November 20262');
  });

  it('keeps each currency of the booked weddings apart, the billing one first', async () => {
    stats();
    bookings = {
      months: months.map((m, i) => ({ ...m, booked: i === 10 ? 2 : 0 })),
      booked: 2,
      creditsSpent: 2,
      costs: [
        { currency: 'GBP', creditValueCents: 2600, spentCents: 5900, perBookingCents: 2950 },
        { currency: 'EUR', creditValueCents: 3000, spentCents: 0, perBookingCents: 0 },
      ],
    };
    renderDashboard(makeUser());
    const booked = await screen.findByTestId('bookings-card');
    expect(await within(booked).findByTestId('bookings-cost')).toHaveTextContent(/booked wedding£29\.50$/);
    expect(within(booked).getByTestId('bookings-note')).toHaveTextContent('£59 (unlocks net of refunds: 2 × £26 · €30, plus premium)');
  });

  it('claps when every request was answered or seen', async () => {
    stats({ answeredRate: 100, seenOpenRate: 100 });
    renderDashboard(makeUser());
    expect(await screen.findAllByRole('img', { name: 'Congratulations' })).toHaveLength(2);
    expect(within(screen.getByTestId('stat-answered')).getByRole('img')).toHaveTextContent('👏');
  });

  it("says 'dashboard.error_loading_data' when the statistics cannot be loaded", async () => {
    server.use(http.get('*/api/statistics/rates', () => HttpResponse.json({ error: 'errors.internal', message: '' }, { status: 500 })));
    renderDashboard(makeUser());
    expect(await screen.findByText('Error while loading the data', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('counts the profile steps: 7 minus the unmet items, each linking to where it is done', () => {
    renderDashboard(makeUser({ hasProfilePicture: true, missingServiceDetails: false }));
    const card = screen.getByTestId('profile-completion');
    expect(within(card).getByTestId('completion-count')).toHaveTextContent('3/7 steps');
    expect(within(card).getByRole('link', { name: 'Add photos of your work' })).toHaveAttribute('href', '/images');
    expect(within(card).getByRole('link', { name: 'Add a video' })).toHaveAttribute('href', '/videos');
    expect(within(card).getByRole('link', { name: 'Write your portrait' })).toHaveAttribute('href', '/portrait-experiences');
    expect(within(card).queryByRole('link', { name: 'Add a profile picture' })).toBeNull();
  });

  it('invites a free planner to upgrade instead of loading the views', async () => {
    renderDashboard(makeUser());
    const teaser = await screen.findByTestId('views-teaser');
    expect(within(teaser).getByRole('link', { name: 'Discover Premium' })).toHaveAttribute('href', '/subscription');
    await screen.findByTestId('stat-answered');
    expect(calls.some((call) => call.startsWith('/api/statistics/views'))).toBe(false);
  });

  it('loads the views of a premium planner for 7 days, then the chosen period', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const user = userEvent.setup();
    renderDashboard(makeUser({ isPremium: true, premiumStatus: 'active' }));
    expect(await screen.findByTestId('views-total')).toHaveTextContent('Views over the period: 8');
    expect(calls).toContain('/api/statistics/views?period=7days');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(calls).toContain('/api/statistics/views?period=30days'));
    expect(screen.queryByTestId('views-teaser')).toBeNull();
  });

  it('plays the podcast only when the page config has one', () => {
    renderDashboard(makeUser());
    expect(screen.queryByTitle('Podcast player')).toBeNull();
    config.podcastUrl = 'https://player.example/embed/noces';
    renderDashboard(makeUser());
    const frame = screen.getByTitle('Podcast player');
    expect(frame).toHaveAttribute('src', 'https://player.example/embed/noces');
    expect(frame).toHaveAttribute('loading', 'lazy');
  });

  it('shows the active promotional alert with its button, for venues with type=venue', async () => {
    marketing({
      alert: { isActive: true, title: 'Spring offer', description: '30% off Premium', buttonText: 'See the offer', buttonLink: '/subscription' },
    });
    renderDashboard(makeUser({ roles: ['ROLE_VENUE'] }));
    const alert = await screen.findByTestId('promotional-alert');
    expect(alert).toHaveTextContent('Spring offer');
    expect(within(alert).getByRole('link', { name: 'See the offer' })).toHaveAttribute('href', '/subscription');
    expect(calls).toContain('alert?type=venue');
    expect(screen.queryByTestId('profile-completion')).toBeNull();
  });

  it("gives a venue owner the venues' checklist and each venue's views and requests", async () => {
    venues([
      venueCard('v1', 'Château de Lumière', { isPublished: true, imageCount: 4, hasDescription: true, views30d: 1234, requestCount: 5 }),
      venueCard('v2', 'Domaine des Tilleuls', { imageCount: 0, views30d: 10, requestCount: 1 }),
    ]);
    renderDashboard(makeUser({ roles: ['ROLE_VENUE'] }));
    const checklist = await screen.findByTestId('venue-checklist');
    expect(within(checklist).getByTestId('completion-count')).toHaveTextContent('3/5');
    expect(checklist.querySelector('[data-task="published"]')).toHaveAttribute('data-done', 'true');
    expect(within(checklist).getByRole('link', { name: 'Add photos to each venue' })).toHaveAttribute('href', '/venues/v2?tab=photos');
    expect(within(checklist).getByRole('link', { name: /detailed description/ })).toHaveAttribute('href', '/venues/v2/edit');
    const rows = await screen.findAllByTestId('venue-stats-row');
    expect(rows.map((row) => row.textContent)).toEqual(['Château de Lumière1,2345', 'Domaine des Tilleuls101']);
    expect(within(screen.getByTestId('venue-stats')).getByRole('row', { name: /Total/ })).toHaveTextContent('1,2446');
    expect(screen.queryByTestId('profile-completion')).toBeNull();
    // One reading of the venues serves both cards.
    expect(calls.filter((call) => call === '/api/venues')).toHaveLength(1);
  });

  it("hides a venue owner's figures until moderation, but not the checklist", async () => {
    renderDashboard(makeUser({ roles: ['ROLE_VENUE'], isModerated: false }));
    const checklist = await screen.findByTestId('venue-checklist');
    expect(within(checklist).getByRole('link', { name: 'Publish a venue' })).toHaveAttribute('href', '/venues/create');
    expect(screen.queryByTestId('venue-stats')).toBeNull();
  });

  it('shows a showOncePerUser popup once, its HTML rendered', async () => {
    const popup = {
      id: 'popup-1',
      title: 'New: portfolios',
      description: '<p>Show your <strong>best</strong> weddings.</p>',
      imageUrl: '',
      buttonText: 'Create one',
      buttonLink: '/portfolios',
      showOncePerUser: true,
    };
    marketing({ popup });
    const user = userEvent.setup();
    renderDashboard(makeUser());
    const dialog = await screen.findByRole('dialog', { name: 'New: portfolios' });
    expect(within(dialog).getByText('best').tagName).toBe('STRONG');
    expect(window.localStorage.getItem(`popup-seen:${makeUser().id}:popup-1`)).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('after onboarding: confetti, the welcome-credit dialog, then the state is forgotten', async () => {
    const user = userEvent.setup();
    const router = renderDashboard(makeUser({ isModerated: false, credits: 1 }), ONBOARDING_ARRIVAL_STATE);
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations, your profile is created!' });
    expect(dialog).toHaveTextContent('1 credit');
    expect(confetti.launch).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: "Let's go" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('skips the confetti when the user prefers less motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderDashboard(makeUser({ isModerated: false }), ONBOARDING_ARRIVAL_STATE);
    await screen.findByRole('dialog', { name: 'Congratulations, your profile is created!' });
    expect(confetti.launch).not.toHaveBeenCalled();
  });
});
