import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRequests } from '@/test/event-requests-harness';
import { makeDetail, makeItem, makePage } from '@/test/event-request-fixtures';
import { forgetShown, shownKey } from '@/features/event-requests/new-requests-memory';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

const newest = makeItem({ uuid: 'req-new', isSeen: false, project: { eventTypeLabel: 'Civil wedding', eventLocationCity: 'Villeurbanne' } });
const older = makeItem({ uuid: 'req-old', isSeen: false, createdAt: '2026-06-01T09:00:00Z' });
const seen = makeItem({ uuid: 'req-seen', isSeen: true });

let lists = 0;
let rejected: unknown[] = [];

function serve(items = [newest, older, seen]) {
  server.use(
    http.get('*/api/event-requests', () => {
      lists += 1;
      return HttpResponse.json(makePage(items));
    }),
    http.get('*/api/event-requests/:uuid', ({ params }) => HttpResponse.json(makeDetail({ uuid: String(params.uuid) }))),
    // "unlock" opens the request's page, whose conversation panel reads these.
    http.get('*/api/event-requests/:uuid/messages', () =>
      HttpResponse.json({ messages: [], canWrite: false, stopped: false, expiresAt: '2026-11-11T00:00:00Z' }),
    ),
    http.get('*/api/reply-templates', () => HttpResponse.json({ templates: [], max: 20 })),
    http.post('*/api/event-requests/:uuid/reject', async ({ request, params }) => {
      rejected.push({ uuid: params.uuid, body: await request.json() });
      return HttpResponse.json(makeDetail({ uuid: String(params.uuid), message: { isRejected: true, rejectionReason: 'budget', hasRejectedAt: '2026-06-15T10:00:00Z' } }));
    }),
  );
}

beforeEach(() => {
  lists = 0;
  rejected = [];
  forgetShown();
});

const popup = () => screen.findByRole('dialog', { name: /new request/ });

describe('the new-request popup', () => {
  it('presents the newest unseen request on the dashboard, with the number of new requests', async () => {
    serve();
    renderRequests('/dashboard');
    const dialog = await popup();
    expect(dialog).toHaveAccessibleName('You have 2 new requests');
    expect(within(dialog).getByTestId('popup-request')).toHaveTextContent('Civil wedding');
    expect(within(dialog).getByTestId('popup-request')).toHaveTextContent('Villeurbanne, France');
    expect(within(dialog).getByRole('link', { name: 'See all 2 new requests' })).toHaveAttribute('href', '/event-requests');
    for (const name of ['Later', 'Reject', 'Unlock']) expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
  });

  it('"later" closes it for the rest of the session', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderRequests('/dashboard');
    await user.click(within(await popup()).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(window.sessionStorage.getItem(shownKey(makeUser().id)) ?? '[]')).toEqual(['req-new', 'req-old']);
    await user.click(screen.getByRole('link', { name: 'Menu: requests' }));
    await user.click(screen.getByRole('link', { name: 'Menu: dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // Back on the dashboard the popup decides again, from the cached list, and stays closed.
    await screen.findByText('dashboard page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('prompts a moderated venue owner too', async () => {
    serve();
    renderRequests('/dashboard', { user: makeUser({ roles: ['ROLE_VENUE'] }) });
    expect(within(await popup()).getByTestId('popup-request')).toHaveTextContent('Civil wedding');
  });

  it('comes back for a request that arrives later in the session', async () => {
    window.sessionStorage.setItem(shownKey(makeUser().id), JSON.stringify(['req-old']));
    serve();
    renderRequests('/dashboard');
    expect(within(await popup()).getByTestId('popup-request')).toHaveTextContent('Civil wedding');
  });

  it('"unlock" opens the request with its unlock confirmation', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderRequests('/dashboard');
    await user.click(within(await popup()).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock this request?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/event-requests/req-new');
  });

  it('"reject" asks for a reason and rejects in place', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderRequests('/dashboard');
    await user.click(within(await popup()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7);
    await user.click(within(dialog).getByRole('radio', { name: 'The budget does not fit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject the request' }));
    expect(await screen.findByText('The request has been rejected.')).toBeInTheDocument();
    expect(rejected).toEqual([{ uuid: 'req-new', body: { reason: 'budget' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('offers a premium planner to view the request, with no unlock step', async () => {
    serve([makeItem({ uuid: 'req-new', isSeen: false, isUnlocked: true })]);
    const user = userEvent.setup();
    const { router } = renderRequests('/dashboard', { user: makeUser({ isPremium: true, premiumStatus: 'active' }) });
    const dialog = await popup();
    expect(dialog).toHaveAccessibleName('You have a new request');
    expect(within(dialog).queryByRole('link', { name: /See all/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'View the request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-requests/req-new'));
    await screen.findByTestId('contact-card');
    expect(screen.queryByRole('dialog', { name: 'Unlock this request?' })).toBeNull();
  });

  it('stays away without unseen requests, off the dashboard, before moderation, for planners and venues alike, and while an admin impersonates', async () => {
    serve([seen, makeItem({ uuid: 'req-rejected', isSeen: false, isRejected: true })]);
    renderRequests('/dashboard');
    await waitFor(() => expect(lists).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();

    serve();
    for (const [path, user] of [
      ['/event-requests/req-new', makeUser()],
      ['/dashboard', makeUser({ isModerated: false })],
      ['/dashboard', makeUser({ impersonatorId: '0190a1b2-0000-7000-8000-0000000000ad' })],
      ['/dashboard', makeUser({ roles: ['ROLE_VENUE'], isModerated: false })],
    ] as const) {
      lists = 0;
      const view = renderRequests(path, { user });
      await screen.findAllByText(/Menu: dashboard/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect({ path, user: user.id, dialog: screen.queryByRole('dialog', { name: /new request/ }) }).toEqual({ path, user: user.id, dialog: null });
      view.router.dispose();
    }
  });
});
