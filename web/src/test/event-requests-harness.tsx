import { http, HttpResponse } from 'msw';
import { createMemoryRouter, Link, Outlet } from 'react-router';
import { vi } from 'vitest';
import { Component as EventRequestDetailRoute } from '@/app/routes/event-request-detail-route';
import { Component as EventRequestsRoute } from '@/app/routes/event-requests-route';
import { NewRequestPopup } from '@/features/event-requests/components/new-request-popup';
import { useCurrentUser } from '@/lib/auth/session';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRouter } from '@/test/render-router';

/** The shell's part that matters here: menu links (as the side menu and breadcrumbs), the page, then the new-request popup. */
function Shell() {
  const user = useCurrentUser();
  return (
    <>
      <nav aria-label="Test menu">
        <Link to="/dashboard">Menu: dashboard</Link>
        <Link to="/event-requests">Menu: requests</Link>
        <Link to="/login">Menu: sign out</Link>
      </nav>
      <Outlet />
      <NewRequestPopup user={user} />
    </>
  );
}

/** Renders the request screens in a memory router, signed in as `user`; GET /api/me answers `me` (the user after a change). */
export function renderRequests(entry: string | { pathname: string; state?: unknown }, { user = makeUser(), me }: { user?: User; me?: User } = {}) {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  server.use(http.get('*/api/me', () => HttpResponse.json(me ?? user)));
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <p>dashboard page</p> },
          { path: '/dashboard', element: <p>dashboard page</p> },
          { path: '/event-requests', element: <EventRequestsRoute /> },
          { path: '/event-requests/:uuid', element: <EventRequestDetailRoute /> },
          { path: '/credits', element: <p>credits page</p> },
          { path: '/subscription', element: <p>subscription page</p> },
          { path: '/login', element: <p>login page</p> },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  renderRouter(client, router);
  return { router, client };
}

/** jsdom has no layout: the data grid needs ResizeObserver, phones need matchMedia. */
export function stubBrowser({ phone = false }: { phone?: boolean } = {}) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width:599.95px'),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
