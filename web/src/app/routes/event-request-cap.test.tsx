import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderRequests } from '@/test/event-requests-harness';
import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { makeDetail, makePage } from '@/test/event-request-fixtures';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { requestStatus } from '@/features/event-requests/request-status';

// Leaflet draws nothing in jsdom.
vi.mock('@/features/event-requests/components/request-map', () => ({ RequestMap: () => null }));

const UUID = '0190a1b2-0000-7000-8000-00000000aa01';
const PATH = `/event-requests/${UUID}`;

function serve(detail: EventRequestDetail) {
  server.use(
    http.get(`*/api/event-requests/${UUID}`, () => HttpResponse.json(detail)),
    http.get('*/api/event-requests', () => HttpResponse.json(makePage([]))),
    // The request's conversation panel reads these.
    http.get(`*/api/event-requests/${UUID}/messages`, () =>
      HttpResponse.json({ messages: [], canWrite: false, stopped: false, expiresAt: '2026-11-11T00:00:00Z' }),
    ),
    http.get('*/api/reply-templates', () => HttpResponse.json({ templates: [], max: 20 })),
  );
}

describe('the unlock cap (issue #18)', () => {
  it('shows n/3 before paying, with the unlock button', async () => {
    serve(makeDetail({ cap: { unlockCount: 2 } }));
    renderRequests(PATH);
    const notice = await screen.findByTestId('unlock-cap');
    expect(notice).toHaveTextContent('2/3 unlocked');
    expect(notice).toHaveTextContent('1 place(s) left');
    expect(within(screen.getByTestId('contact-card')).getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    // A locked request cannot be written to (canWrite false): the
    // conversation says to unlock it, not that it is closed.
    const conversation = await screen.findByTestId('conversation');
    expect(await within(conversation).findByText(/^Unlock this request to write to /)).toBeInTheDocument();
    expect(within(conversation).queryByText(/This conversation is closed/)).toBeNull();
  });

  it('says a closed request is closed, offers no unlock and does not ask before leaving', async () => {
    serve(makeDetail({ cap: { unlockCount: 3, closed: true } }));
    const { router } = renderRequests(PATH);
    const notice = await screen.findByTestId('unlock-cap');
    expect(notice).toHaveAttribute('data-closed', 'true');
    expect(notice).toHaveTextContent('Closed: 3 of 3 professionals have unlocked this request');
    expect(notice).toHaveTextContent('nothing is charged');
    expect(within(screen.getByTestId('contact-card')).queryByRole('button', { name: 'Unlock' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Menu: requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event-requests'));
  });

  it('closes a request for a premium provider too', async () => {
    serve(makeDetail({ cap: { unlockCount: 3, closed: true } }));
    renderRequests(PATH, { user: makeUser({ isPremium: true, premiumStatus: 'active' }) });
    expect(await screen.findByTestId('unlock-cap')).toHaveAttribute('data-closed', 'true');
    expect(screen.getAllByTestId('status-chip')[0]).toHaveTextContent('Locked');
    expect(requestStatus({ isRejected: false, isUnlocked: false, closed: true }, true)).toBe('locked');
    expect(requestStatus({ isRejected: false, isUnlocked: false, closed: false }, true)).toBe('unlocked');
    // The server says no message would be accepted (canWrite false): no
    // composer that would end in a 409, and the conversation says why.
    const conversation = await screen.findByTestId('conversation');
    expect(await within(conversation).findByText('This conversation is closed: no more messages can be sent.')).toBeInTheDocument();
    expect(within(conversation).queryByTestId('composer')).toBeNull();
  });
});
