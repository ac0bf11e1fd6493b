import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute, PublicOnlyRoute, RoleGuard } from '@/app/guards/route-guards';
import type { User } from '@/lib/auth/user';
import { setTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

function renderAt(path: string, user: User | null) {
  if (user) {
    setTokens('access', 'refresh');
    server.use(http.get('*/api/me', () => HttpResponse.json(user)));
  }
  const router = createMemoryRouter(
    [
      { element: <PublicOnlyRoute />, children: [{ path: '/login', element: <Where /> }] },
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/', element: <Where /> },
          { path: '/onboarding', element: <Where /> },
          { path: '/videos', element: <Where /> },
          { element: <RoleGuard roles={['ROLE_ADMIN']} />, children: [{ path: '/admin/users', element: <Where /> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function landedOn() {
  return (await screen.findByTestId('where')).textContent;
}

describe('the route guards', () => {
  it('send an anonymous visitor to /login', async () => {
    renderAt('/videos', null);
    expect(await landedOn()).toBe('/login');
  });

  it('show the login page to an anonymous visitor', async () => {
    renderAt('/login', null);
    expect(await landedOn()).toBe('/login');
  });

  it('send a logged-in user away from /login to /', async () => {
    renderAt('/login', makeUser());
    expect(await landedOn()).toBe('/');
  });

  it('show French wait messages while /api/me loads', async () => {
    setTokens('access', 'refresh');
    server.use(http.get('*/api/me', () => new Promise<Response>(() => undefined)));
    const router = createMemoryRouter([{ element: <ProtectedRoute />, children: [{ path: '/', element: <Where /> }] }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Chargement en cours…');
  });

  it('send a provider who has not finished onboarding to /onboarding from any page', async () => {
    renderAt('/videos', makeUser({ hasFinishedOnboarding: false }));
    expect(await landedOn()).toBe('/onboarding');
  });

  it('let an onboarded planner reach a planner page', async () => {
    renderAt('/videos', makeUser());
    expect(await landedOn()).toBe('/videos');
  });

  it('send a user lacking the role to /', async () => {
    renderAt('/admin/users', makeUser());
    expect(await landedOn()).toBe('/');
  });

  it('let an admin reach the admin pages', async () => {
    renderAt('/admin/users', makeUser({ roles: ['ROLE_ADMIN'] }));
    expect(await landedOn()).toBe('/admin/users');
  });
});
