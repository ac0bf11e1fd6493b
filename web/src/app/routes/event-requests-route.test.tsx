import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRequests, stubBrowser } from '@/test/event-requests-harness';
import type { EventRequestPage } from '@/features/event-requests/api/list-event-requests';
import { makeItem, makePage } from '@/test/event-request-fixtures';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

const queries: string[] = [];

function serve(page: EventRequestPage | ((url: URL) => EventRequestPage)) {
  server.use(
    http.get('*/api/event-requests', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      return HttpResponse.json(typeof page === 'function' ? page(url) : page);
    }),
  );
}

const items = [
  makeItem({ uuid: 'req-1', isSeen: false, project: { eventDate: '2026-06-18', eventTypeLabel: 'Wedding', eventLocationCity: 'Lyon' } }),
  makeItem({ uuid: 'req-2', isSeen: true, isUnlocked: true, project: { eventTypeLabel: 'Civil wedding', eventLocationCity: 'Villeurbanne' } }),
  makeItem({ uuid: 'req-3', isSeen: true, isRejected: true, project: { eventTypeLabel: 'Secular ceremony', eventLocationCity: 'Annecy' } }),
];

// The grid is a lazy chunk (MUI X and its seven locales): loading it the
// first time took longer than the first test's wait for the grid when two
// files ran at once on a loaded machine. Loaded here, outside any test's
// wait, lazy() still resolves it, from the module cache.
beforeAll(async () => {
  await import('@/features/event-requests/components/event-requests-grid');
}, 60_000);

beforeEach(() => {
  queries.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 15, 10, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the event requests list on a desktop', () => {
  it('shows a data grid: status, unseen dot, "in N days" badge, unread count and the premium banner', async () => {
    stubBrowser();
    serve(makePage(items, { total: 3, unreadMessages: 1 }));
    renderRequests('/event-requests');
    const grid = await screen.findByRole('grid', { name: 'Your event requests' }, { timeout: 10_000 });
    expect(queries[0]).toBe('?page=1&pageSize=25&sortField=createdAt&sortDirection=desc');
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Wedding');
    expect(within(rows[0]!).getByTestId('unseen-dot')).toHaveTextContent('New request, not opened yet');
    expect(within(rows[0]!).getByTestId('soon-chip')).toHaveTextContent('In 3 days');
    expect(within(rows[0]!).getByTestId('status-chip')).toHaveTextContent('Locked');
    expect(within(rows[1]!).queryByTestId('unseen-dot')).toBeNull();
    expect(within(rows[1]!).getByTestId('status-chip')).toHaveTextContent('Unlocked');
    expect(within(rows[2]!).getByTestId('status-chip')).toHaveTextContent('Rejected');
    expect(within(rows[1]!).queryByTestId('soon-chip')).toBeNull();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1 unread message');
    const banner = screen.getByTestId('premium-banner');
    expect(within(banner).getByRole('link', { name: 'Discover Premium' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByTestId('requests-credits')).toHaveTextContent('Credits: 3');
    expect(screen.queryByTestId('requests-cards')).toBeNull();
  });

  it('opens a request from its row', async () => {
    stubBrowser();
    serve(makePage(items));
    server.use(
      http.get('*/api/event-requests/:uuid', () => HttpResponse.json({ error: 'event_request.errors.not_found', message: 'Request not found' }, { status: 404 })),
    );
    const user = userEvent.setup();
    const { router } = renderRequests('/event-requests');
    const link = await screen.findByRole('link', { name: 'Open the request: Civil wedding, Villeurbanne' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', '/event-requests/req-2');
    await user.click(screen.getByText('Secular ceremony'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-requests/req-3'));
  });

  it('pages on the server and keeps the page in the address', async () => {
    stubBrowser();
    serve((url) => {
      const page = Number(url.searchParams.get('page'));
      return makePage([makeItem({ uuid: `req-page-${page}`, project: { eventTypeLabel: `Wedding of page ${page}` } })], { total: 60, page });
    });
    const user = userEvent.setup();
    const { router } = renderRequests('/event-requests');
    await screen.findByText('Wedding of page 1', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Wedding of page 2');
    expect(queries.at(-1)).toBe('?page=2&pageSize=25&sortField=createdAt&sortDirection=desc');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('changes the page size to 50 and back to page 1', async () => {
    stubBrowser();
    serve(makePage(items, { total: 120 }));
    const user = userEvent.setup();
    const { router } = renderRequests('/event-requests?page=3');
    await screen.findByText('Civil wedding', {}, { timeout: 10_000 });
    expect(queries[0]).toContain('page=3&pageSize=25');
    // The grid shows its page-size menu through a media query jsdom does not evaluate, hence hidden: true.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i, hidden: true }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&pageSize=50&sortField=createdAt&sortDirection=desc'));
    expect(router.state.location.search).toBe('?pageSize=50');
  });

  it('sorts on the server by event date from its column header', async () => {
    stubBrowser();
    serve(makePage(items));
    const user = userEvent.setup();
    renderRequests('/event-requests');
    await screen.findByText('Civil wedding', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('columnheader', { name: /event date/i }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&pageSize=25&sortField=eventDate&sortDirection=desc'));
    await user.click(screen.getByRole('columnheader', { name: /event date/i }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&pageSize=25&sortField=eventDate&sortDirection=asc'));
  });

  it('shows no banner nor credits to a premium planner, and every request not rejected as unlocked', async () => {
    stubBrowser();
    serve(makePage([makeItem({ uuid: 'req-1', isUnlocked: true }), makeItem({ uuid: 'req-2', isRejected: true })]));
    renderRequests('/event-requests', { user: makeUser({ isPremium: true, premiumStatus: 'cancellation' }) });
    const grid = await screen.findByRole('grid', {}, { timeout: 10_000 });
    const chips = within(grid).getAllByTestId('status-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Unlocked', 'Rejected']);
    expect(screen.queryByTestId('premium-banner')).toBeNull();
    expect(screen.queryByTestId('requests-credits')).toBeNull();
  });

  it('says so when there is no request yet', async () => {
    stubBrowser();
    serve(makePage([]));
    renderRequests('/event-requests');
    const empty = await screen.findByTestId('requests-empty');
    expect(empty).toHaveTextContent('No requests yet');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it("shows 'Error while loading the requests' with a retry that works", async () => {
    stubBrowser();
    let fail = true;
    server.use(
      http.get('*/api/event-requests', () =>
        fail ? HttpResponse.json({ error: 'errors.internal', message: 'Oops' }, { status: 500 }) : HttpResponse.json(makePage(items)),
      ),
    );
    const user = userEvent.setup();
    renderRequests('/event-requests');
    const alert = await screen.findByTestId('requests-error', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Error while loading the requests');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Civil wedding', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('requests-error')).toBeNull();
  });
});

describe("a venue owner's requests", () => {
  const lake = { id: 'v-1', name: 'Château du Lac', slug: 'chateau-du-lac' };
  const venueItems = [
    makeItem({ uuid: 'req-v', venue: lake, project: { serviceTypeLabel: 'Wedding venue' } }),
    makeItem({ uuid: 'req-p', project: { serviceTypeLabel: 'Full planning' } }),
  ];

  it('name the venue each is for in the grid, and the service otherwise', async () => {
    stubBrowser();
    serve(makePage(venueItems));
    renderRequests('/event-requests', { user: makeUser({ roles: ['ROLE_VENUE'] }) });
    const grid = await screen.findByRole('grid', { name: 'Your event requests' }, { timeout: 10_000 });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByTestId('request-venue')).toHaveTextContent('For Château du Lac');
    expect(rows[0]).not.toHaveTextContent('Wedding venue');
    expect(within(rows[1]!).queryByTestId('request-venue')).toBeNull();
    expect(rows[1]).toHaveTextContent('Full planning');
  });

  it('name the venue on the phone cards', async () => {
    stubBrowser({ phone: true });
    serve(makePage(venueItems));
    renderRequests('/event-requests', { user: makeUser({ roles: ['ROLE_VENUE'] }) });
    const cards = await screen.findAllByTestId('request-card');
    expect(within(cards[0]!).getByTestId('request-venue')).toHaveTextContent('For Château du Lac');
    expect(within(cards[1]!).queryByTestId('request-venue')).toBeNull();
  });
});

describe('the event requests list on a phone', () => {
  it('shows cards, each a link to its request, and no data grid', async () => {
    stubBrowser({ phone: true });
    serve(makePage(items, { unreadMessages: 1 }));
    renderRequests('/event-requests');
    const cards = await screen.findAllByTestId('request-card');
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('grid')).toBeNull();
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/event-requests/req-1');
    expect(within(cards[0]!).getByTestId('unseen-dot')).toBeInTheDocument();
    expect(within(cards[0]!).getByTestId('soon-chip')).toHaveTextContent('In 3 days');
    expect(within(cards[0]!).getByTestId('status-chip')).toHaveTextContent('Locked');
    expect(within(cards[1]!).queryByTestId('unseen-dot')).toBeNull();
  });

  it('sorts from the sort menu and pages with the pager', async () => {
    stubBrowser({ phone: true });
    serve(makePage(items, { total: 80 }));
    const user = userEvent.setup();
    const { router } = renderRequests('/event-requests');
    await screen.findAllByTestId('request-card');
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Event date, soonest first' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&pageSize=25&sortField=eventDate&sortDirection=asc'));
    expect(router.state.location.search).toBe('?sort=eventDate&dir=asc');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=2&pageSize=25&sortField=eventDate&sortDirection=asc'));
    expect(screen.getByText('26–50 of 80')).toBeInTheDocument();
  });
});
