import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRequests } from '@/test/event-requests-harness';
import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { DEFAULT_LIST_PARAMS, eventRequestsQueryOptions, type EventRequestPage } from '@/features/event-requests/api/list-event-requests';
import { REJECTION_REASONS } from '@/features/event-requests/api/reject-event-request';
import { makeDetail, makeItem, makePage } from '@/test/event-request-fixtures';
import { i18n } from '@/lib/i18n';
import type * as ConfigModule from '@/lib/config';
import type { AppConfig } from '@/lib/config';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

const config = vi.hoisted(() => ({ mapTilesUrl: '' }));
vi.mock('@/lib/config', async (original) => {
  const actual = await original<typeof ConfigModule>();
  return { ...actual, getConfig: (): AppConfig => ({ ...actual.parseConfig(), mapTilesUrl: config.mapTilesUrl }) };
});

// Leaflet draws nothing in jsdom: the map is replaced by what it was given.
vi.mock('@/features/event-requests/components/request-map', () => ({
  RequestMap: ({ latitude, longitude, tilesUrl }: { latitude: number; longitude: number; tilesUrl: string }) => (
    <div data-testid="map-stub">{`${latitude},${longitude} ${tilesUrl}`}</div>
  ),
}));

const UUID = '0190a1b2-0000-7000-8000-00000000aa01';
const PATH = `/event-requests/${UUID}`;

interface Calls {
  booked: boolean[];
  unlock: number;
  reject: unknown[];
  me: number;
}

let calls: Calls;

/** The request's booking as the server keeps it: marking and unmarking change it, so the next GET answers what the server would. */
let booking = { byProvider: false, byCouple: false, bookedAt: null as string | null, invitedAt: null as string | null, inviteOn: '2026-09-26', canMark: true };

function serve(detail: EventRequestDetail, { unlock, reject }: { unlock?: () => Response; reject?: (body: unknown) => Response } = {}) {
  server.use(
    http.get(`*/api/event-requests/${UUID}`, () => HttpResponse.json(detail)),
    http.get('*/api/event-requests', () => HttpResponse.json({ eventRequests: [], unreadMessages: 0, total: 0, page: 1, pageSize: 25 })),
    http.get(`*/api/event-requests/${UUID}/messages`, () =>
      HttpResponse.json({ messages: [], canWrite: true, stopped: false, expiresAt: '2026-11-11T00:00:00Z' }),
    ),
    http.get('*/api/reply-templates', () => HttpResponse.json({ templates: [], max: 20 })),
    http.get(`*/api/event-requests/${UUID}/booking`, () => HttpResponse.json(booking)),
    http.put(`*/api/event-requests/${UUID}/booking`, () => {
      calls.booked.push(true);
      booking = { ...booking, byProvider: true, bookedAt: '2026-06-16T10:00:00Z' };
      return HttpResponse.json(booking);
    }),
    http.delete(`*/api/event-requests/${UUID}/booking`, () => {
      calls.booked.push(false);
      booking = { ...booking, byProvider: false, bookedAt: null };
      return HttpResponse.json(booking);
    }),
    http.post(`*/api/event-requests/${UUID}/unlock`, () => {
      calls.unlock += 1;
      if (unlock) return unlock();
      return HttpResponse.json({ email: 'ines.moreau@example.com', phone: '+33611223344' });
    }),
    http.post(`*/api/event-requests/${UUID}/reject`, async ({ request }) => {
      const body = await request.json();
      calls.reject.push(body);
      if (reject) return reject(body);
      return HttpResponse.json(
        makeDetail({ message: { isRejected: true, rejectionReason: (body as { reason: string }).reason, hasRejectedAt: '2026-06-15T10:00:00Z' } }),
      );
    }),
  );
}

function countMe() {
  server.use(
    http.get('*/api/me', () => {
      calls.me += 1;
      return HttpResponse.json(makeUser({ credits: 2 }));
    }),
  );
}

beforeEach(() => {
  calls = { booked: [], unlock: 0, reject: [], me: 0 };
  booking = { byProvider: false, byCouple: false, bookedAt: null, invitedAt: null, inviteOn: '2026-09-26', canMark: true };
  config.mapTilesUrl = '';
});

const contact = () => screen.getByTestId('contact-card');

describe('a locked request', () => {
  it('shows the event, the message and the address, and hides the contact', async () => {
    serve(makeDetail());
    const { client } = renderRequests(PATH);
    const listKey = eventRequestsQueryOptions(DEFAULT_LIST_PARAMS).queryKey;
    client.setQueryData(listKey, makePage([makeItem({ uuid: UUID, isSeen: false }), makeItem({ uuid: 'other', isSeen: false })]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wedding in Lyon' })).toBeInTheDocument();
    expect(screen.getAllByTestId('status-chip')[0]).toHaveTextContent('Locked');
    expect(screen.getByTestId('info-service')).toHaveTextContent('Full planning');
    expect(screen.getByTestId('info-languages')).toHaveTextContent('French, English');
    expect(screen.getByTestId('info-theme')).toHaveTextContent('Country chic');
    expect(screen.getByTestId('client-message')).toHaveTextContent('Message from Inès');
    expect(screen.getByTestId('client-message')).toHaveTextContent('We would love a country feel.');
    expect(within(contact()).getAllByText('Hidden until unlocked')).toHaveLength(2);
    expect(contact()).toHaveTextContent('It costs 1 credit; you have 3.');
    expect(contact()).not.toHaveTextContent('@');
    expect(screen.getByTestId('request-address')).toHaveTextContent('Domaine des Saules69005 LyonFrance');
    expect(screen.queryByTestId('map-stub')).toBeNull();
    // Opening marks it seen: the cached list shows it at once, and is refetched when shown.
    const list = client.getQueryData<EventRequestPage>(listKey);
    expect(list?.eventRequests.map((item) => [item.uuid, item.isSeen])).toEqual([
      [UUID, true],
      ['other', false],
    ]);
    // The unread count is the couples' messages: opening the request reads none.
    expect(list?.unreadMessages).toBe(2);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('names the venue it is for, with a link to the venue', async () => {
    serve(makeDetail({ venue: { id: 'v-1', name: 'Château du Lac', slug: 'chateau-du-lac' } }));
    renderRequests(PATH, { user: makeUser({ roles: ['ROLE_VENUE'] }) });
    const venue = await screen.findByTestId('request-venue');
    expect(venue).toHaveTextContent('For your venue Château du Lac');
    expect(within(venue).getByRole('link', { name: 'Château du Lac' })).toHaveAttribute('href', '/venues/v-1');
  });

  it('says when and why the credit came back by itself, and says nothing on other requests', async () => {
    serve(makeDetail({ message: { isUnlocked: true }, refund: { refundedAt: '2026-06-18T09:00:00Z', refundReason: 'bounced' } }));
    renderRequests(PATH);
    const notice = await screen.findByTestId('refund-notice');
    expect(notice).toHaveTextContent('Your credit came back');
    expect(notice).toHaveTextContent("Returned on 18 June 2026: the couple's address refused your first message.");
  });

  it('marks an unlocked request as booked, says when the couple will be invited, and undoes it', async () => {
    serve(makeDetail({ message: { isUnlocked: true, unlockDate: '2026-06-15T10:00:00Z' } }));
    const user = userEvent.setup();
    renderRequests(PATH);
    const card = await screen.findByTestId('booking-card');
    expect(card).toHaveTextContent('Did this couple book you?');
    await user.click(within(card).getByRole('button', { name: 'Mark as booked' }));
    await waitFor(() => expect(screen.getByTestId('booking-card')).toHaveAttribute('data-booked', 'true'));
    expect(screen.getByTestId('booking-card')).toHaveTextContent('The couple will be invited to leave a verified review on 26 September 2026.');
    await user.click(within(screen.getByTestId('booking-card')).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('booking-card')).toHaveAttribute('data-booked', 'false'));
    expect(calls.booked).toEqual([true, false]);
  });

  it("names no venue on a planner's request", async () => {
    serve(makeDetail());
    renderRequests(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wedding in Lyon' })).toBeInTheDocument();
    expect(screen.queryByTestId('request-venue')).toBeNull();
    expect(screen.queryByTestId('refund-notice')).toBeNull();
  });

  it('unlocks after a confirmation showing 3 credits then 2, shows the contact and refreshes the balance', async () => {
    serve(makeDetail());
    const user = userEvent.setup();
    renderRequests(PATH);
    countMe();
    await user.click(await within(await screen.findByTestId('contact-card')).findByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock this request?' });
    expect(dialog).toHaveTextContent('You will see the e-mail address and phone number of Inès.');
    expect(within(dialog).getByTestId('unlock-balance')).toHaveTextContent('Your credits3After unlocking2');
    expect(calls.unlock).toBe(0);
    // The server now answers with the unlocked request.
    server.use(
      http.get(`*/api/event-requests/${UUID}`, () =>
        HttpResponse.json(
          makeDetail({
            message: { isUnlocked: true, unlockDate: '2026-06-15T10:00:00Z' },
            member: { lastname: 'Moreau', email: 'ines.moreau@example.com', phone: '+33611223344' },
          }),
        ),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Unlock for 1 credit' }));
    expect(await within(contact()).findByRole('link', { name: 'ines.moreau@example.com' })).toHaveAttribute('href', 'mailto:ines.moreau@example.com');
    expect(within(contact()).getByRole('link', { name: '+33 6 11 22 33 44' })).toHaveAttribute('href', 'tel:+33611223344');
    expect(calls.unlock).toBe(1);
    expect(await screen.findByText('Request unlocked: you can now contact Inès.')).toBeInTheDocument();
    await waitFor(() => expect(calls.me).toBeGreaterThan(0));
    expect(await within(contact()).findByText('Inès Moreau')).toBeInTheDocument();
    expect(screen.getAllByTestId('status-chip')[0]).toHaveTextContent('Unlocked');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('without credits, the dialog leads to the credits page instead of unlocking', async () => {
    serve(makeDetail());
    const user = userEvent.setup();
    const { router } = renderRequests(PATH, { user: makeUser({ credits: 0 }) });
    await user.click(await within(await screen.findByTestId('contact-card')).findByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'You have no credits left' });
    expect(within(dialog).queryByRole('button', { name: 'Unlock for 1 credit' })).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'Buy credits' }));
    // Leaving for the credits page is leaving a locked request: the prompt asks first.
    await screen.findByRole('dialog', { name: 'Leave without answering?' });
    await user.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits'));
    expect(calls.unlock).toBe(0);
  });

  it("goes to the credits page with the server's message when the credits ran out meanwhile", async () => {
    serve(makeDetail(), {
      unlock: () => HttpResponse.json({ error: 'event_request.errors.no_credits', message: 'You have no credits left' }, { status: 409 }),
    });
    const user = userEvent.setup();
    const { router } = renderRequests(PATH);
    await user.click(await within(await screen.findByTestId('contact-card')).findByRole('button', { name: 'Unlock' }));
    await user.click(await screen.findByRole('button', { name: 'Unlock for 1 credit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits'));
    expect(await screen.findByText('You have no credits left')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without answering?' })).toBeNull();
  });

  it("says 'event_request.errors.unlock' when the server fails, and stays locked", async () => {
    serve(makeDetail(), { unlock: () => HttpResponse.json({ error: 'errors.internal', message: 'Something went wrong' }, { status: 500 }) });
    const user = userEvent.setup();
    renderRequests(PATH);
    await user.click(await within(await screen.findByTestId('contact-card')).findByRole('button', { name: 'Unlock' }));
    await user.click(await screen.findByRole('button', { name: 'Unlock for 1 credit' }));
    expect(await screen.findByText('The request could not be unlocked. Please try again.')).toBeInTheDocument();
    expect(screen.getAllByTestId('status-chip')[0]).toHaveTextContent('Locked');
  });

  it('rejects with one of the seven reasons; confirm waits for a reason', async () => {
    serve(makeDetail());
    const user = userEvent.setup();
    renderRequests(PATH);
    await user.click(await within(await screen.findByTestId('contact-card')).findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7);
    const confirm = within(dialog).getByRole('button', { name: 'Reject the request' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Not available on that date' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    const notice = await screen.findByTestId('rejected-notice');
    expect(calls.reject).toEqual([{ reason: 'not_available' }]);
    expect(notice).toHaveTextContent('You rejected this request on 15 June 2026.');
    expect(notice).toHaveTextContent('Reason: Not available on that date');
    expect(notice).toHaveTextContent('A rejected request cannot be unlocked.');
    expect(within(contact()).queryByRole('button', { name: 'Unlock' })).toBeNull();
    expect(await screen.findByText('The request has been rejected.')).toBeInTheDocument();
  });

  it("shows the server's message when the request was rejected meanwhile", async () => {
    serve(makeDetail(), {
      reject: () => HttpResponse.json({ error: 'event_request.errors.already_rejected', message: 'This request was already rejected' }, { status: 409 }),
    });
    const user = userEvent.setup();
    renderRequests(PATH);
    await user.click(await within(await screen.findByTestId('contact-card')).findByRole('button', { name: 'Reject' }));
    await user.click(await screen.findByRole('radio', { name: 'Other reason' }));
    await user.click(screen.getByRole('button', { name: 'Reject the request' }));
    expect(await screen.findByText('This request was already rejected')).toBeInTheDocument();
  });

  it('opens the unlock confirmation on arrival from the new-request popup, once', async () => {
    serve(makeDetail());
    const { router } = renderRequests({ pathname: PATH, state: { intent: 'unlock' } });
    expect(await screen.findByRole('dialog', { name: 'Unlock this request?' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });
});

describe('leaving a locked request', () => {
  it('asks first: later leaves', async () => {
    serve(makeDetail());
    const user = userEvent.setup();
    const { router } = renderRequests(PATH);
    await screen.findByTestId('contact-card');
    await user.click(screen.getByRole('link', { name: 'Menu: requests' }));
    const prompt = await screen.findByRole('dialog', { name: 'Leave without answering?' });
    expect(router.state.location.pathname).toBe(PATH);
    expect(within(prompt).getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(within(prompt).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-requests'));
  });

  it('unlock from the prompt stays on the request and asks for confirmation', async () => {
    serve(makeDetail());
    const user = userEvent.setup();
    const { router } = renderRequests(PATH);
    await screen.findByTestId('contact-card');
    await user.click(screen.getByRole('link', { name: 'Menu: dashboard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without answering?' })).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock this request?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('reject from the prompt opens the reasons, and a rejected request then leaves freely', async () => {
    serve(makeDetail());
    const user = userEvent.setup();
    const { router } = renderRequests(PATH);
    await screen.findByTestId('contact-card');
    await user.click(screen.getByRole('link', { name: 'Menu: requests' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without answering?' })).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Questionable request' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject the request' }));
    await screen.findByTestId('rejected-notice');
    expect(calls.reject).toEqual([{ reason: 'questionable' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('link', { name: 'Menu: requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-requests'));
  });

  it('never asks for an unlocked request', async () => {
    serve(makeDetail({ message: { isUnlocked: true }, member: { lastname: 'Moreau', email: 'a@example.com', phone: '+33611223344' } }));
    const user = userEvent.setup();
    const { router } = renderRequests(PATH);
    await screen.findByTestId('contact-card');
    await user.click(screen.getByRole('link', { name: 'Menu: requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-requests'));
    expect(screen.queryByRole('dialog', { name: 'Leave without answering?' })).toBeNull();
  });

  it('lets an expired session go to the sign-in page', async () => {
    serve(makeDetail());
    const user = userEvent.setup();
    const { router } = renderRequests(PATH);
    await screen.findByTestId('contact-card');
    await user.click(screen.getByRole('link', { name: 'Menu: sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('a rejected request', () => {
  it('says it cannot be unlocked and offers no action', async () => {
    serve(makeDetail({ message: { isRejected: true, rejectionReason: 'budget', hasRejectedAt: '2026-06-12T08:00:00Z' } }));
    const { router } = renderRequests(PATH);
    const notice = await screen.findByTestId('rejected-notice');
    expect(notice).toHaveTextContent('Reason: Budget does not fit');
    expect(notice).toHaveTextContent('A rejected request cannot be unlocked.');
    expect(within(contact()).queryByRole('button')).toBeNull();
    expect(screen.getAllByTestId('status-chip')[0]).toHaveTextContent('Rejected');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Menu: requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-requests'));
  });
});

describe('a premium planner', () => {
  it('sees the contact of a request never unlocked, without an unlock button or a leave prompt', async () => {
    // The server reports it unlocked with its contact for premium providers.
    serve(makeDetail({ message: { isUnlocked: true }, member: { lastname: 'Moreau', email: 'ines.moreau@example.com', phone: '+33611223344' } }));
    const { router } = renderRequests(PATH, { user: makeUser({ isPremium: true, premiumStatus: 'active' }) });
    expect(await within(await screen.findByTestId('contact-card')).findByRole('link', { name: 'ines.moreau@example.com' })).toBeInTheDocument();
    expect(contact()).toHaveTextContent('Included in your Premium subscription');
    expect(within(contact()).queryByRole('button', { name: 'Unlock' })).toBeNull();
    expect(within(contact()).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Menu: requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-requests'));
  });
});

describe('the place of the event', () => {
  it('is on a map when a tile server is configured and the place has coordinates', async () => {
    config.mapTilesUrl = 'https://tile.example/{z}/{x}/{y}.png';
    serve(makeDetail({ project: { eventLocationLatitude: 45.76, eventLocationLongitude: 4.83 } }));
    renderRequests(PATH);
    expect(await screen.findByTestId('map-stub')).toHaveTextContent('45.76,4.83 https://tile.example/{z}/{x}/{y}.png');
    expect(screen.getByTestId('request-address')).toHaveTextContent('69005 Lyon');
  });

  it('is an address with a note when the place has no coordinates', async () => {
    config.mapTilesUrl = 'https://tile.example/{z}/{x}/{y}.png';
    serve(makeDetail());
    renderRequests(PATH);
    const card = await screen.findByTestId('location-card');
    expect(card).toHaveTextContent('This address has no GPS coordinates');
    expect(screen.queryByTestId('map-stub')).toBeNull();
  });
});

describe('a request that cannot be loaded', () => {
  it("says 'Request not found' for a missing request or another provider's", async () => {
    server.use(
      http.get('*/api/event-requests/:uuid', () =>
        HttpResponse.json({ error: 'event_request.errors.not_found', message: 'Request not found' }, { status: 404 }),
      ),
    );
    renderRequests('/event-requests/someone-elses');
    const card = await screen.findByTestId('request-not-found');
    expect(within(card).getByRole('heading', { name: 'Request not found' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Back to the requests' })).toHaveAttribute('href', '/event-requests');
  });

  it('shows the loading error with a retry on a server failure', async () => {
    server.use(http.get('*/api/event-requests/:uuid', () => HttpResponse.json({ error: 'errors.internal', message: '' }, { status: 500 })));
    renderRequests(PATH);
    const alert = await screen.findByTestId('request-error', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Error while loading the request');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('the rejection reasons', () => {
  it('each have a text of the interface, for the popup which has no server labels', () => {
    for (const code of REJECTION_REASONS) expect(i18n.exists(`requests.reasons.${code}`)).toBe(true);
  });
});
