import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PublicOnlyRoute } from '@/app/guards/route-guards';
import { LoginPage } from '@/features/auth/components/login-page';
import { getRefreshToken, getToken } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { element: <PublicOnlyRoute />, children: [{ path: '/login', element: <LoginPage languageMenu={null} /> }] },
      { path: '/dashboard', element: <p>dashboard page</p> },
      { path: '/onboarding', element: <p>onboarding page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the login page behind its guard', () => {
  it('enables submit only with a valid e-mail and a password longer than 3 characters', async () => {
    const user = userEvent.setup();
    renderLogin();
    const submit = screen.getByRole('button', { name: 'Log in' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Email/), 'planner@noces.test');
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Password/), 'd');
    expect(submit).toBeEnabled();
  });

  it('says the credentials are invalid on a 401', async () => {
    server.use(
      http.post('*/api/login_check', () =>
        HttpResponse.json({ error: 'invalid_credentials', message: 'Invalid credentials.' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'planner@noces.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid credentials. Check your email and password.');
    expect(getToken()).toBeNull();
  });

  it('stores the tokens and goes to /onboarding when onboarding is not finished', async () => {
    server.use(
      http.post('*/api/login_check', () => HttpResponse.json({ token: 'access', refresh_token: 'refresh' })),
      http.get('*/api/me', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer access'
          ? HttpResponse.json(makeUser({ hasFinishedOnboarding: false }))
          : HttpResponse.json({ error: 'unauthorized', message: '' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'new@noces.test');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('onboarding page')).toBeInTheDocument();
    expect(getToken()).toBe('access');
    expect(getRefreshToken()).toBe('refresh');
  });

  it('goes to /dashboard after signing in when onboarding is finished', async () => {
    server.use(
      http.post('*/api/login_check', () => HttpResponse.json({ token: 'access', refresh_token: 'refresh' })),
      http.get('*/api/me', () => HttpResponse.json(makeUser())),
    );
    const user = userEvent.setup();
    const router = renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'planner@noces.test');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the session-expired message from the address, then removes it', async () => {
    const router = renderLogin('/login?error=session_expired');
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('Your session has expired. Please log in again.');
    expect(router.state.location.search).toBe('');
  });
});
