import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicOnlyRoute } from '@/app/guards/route-guards';
import { LoginPage } from '@/features/auth/components/login-page';
import { getRefreshToken, getToken, REFRESH_TOKEN_KEY, TOKEN_KEY } from '@/lib/auth/token-storage';
import { setLoginNotice } from '@/lib/auth/login-notice';
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

  it('shows another ?error= code as an error, and an unknown one as the generic error', async () => {
    const router = renderLogin('/login?error=errors.network');
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('The server could not be reached.');
    expect(router.state.location.search).toBe('');
  });

  it('never shows free text from the address', async () => {
    renderLogin('/login?error=Your%20account%20is%20locked%2C%20call%20us');
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('Something went wrong. Please try again later.');
  });

  it('shows the notice left by the app (account deleted)', async () => {
    setLoginNotice('account_deleted');
    renderLogin();
    expect(await screen.findByTestId('login-notice')).toHaveTextContent('Your account has been deleted');
  });

  it('shows the server message on 429 (too many attempts)', async () => {
    server.use(
      http.post('*/api/login_check', () =>
        HttpResponse.json({ error: 'errors.too_many_requests', message: 'Trop de tentatives, patientez.' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/Email/), 'planner@noces.test');
    await user.type(screen.getByLabelText(/^Password/), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Trop de tentatives, patientez.');
  });

  it('keeps the session in the tab only when "remember me" is unticked', async () => {
    server.use(
      http.post('*/api/login_check', () => HttpResponse.json({ token: 'access', refresh_token: 'refresh' })),
      http.get('*/api/me', () => HttpResponse.json(makeUser())),
    );
    const user = userEvent.setup();
    renderLogin();
    const remember = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(remember).toBeChecked();
    await user.click(remember);
    await user.type(screen.getByLabelText(/Email/), 'planner@noces.test');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-2026!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe('access');
    expect(window.sessionStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getToken()).toBe('access');
  });
});

describe('the forgot-password dialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('enables Continue with a valid address, shows the success banner, then closes after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let sentTo: unknown = null;
    server.use(
      http.post('*/api/reset-password/request', async ({ request }) => {
        sentTo = await request.json();
        return HttpResponse.json({ success: true, message: 'Check your inbox: a link is on its way.', already_requested: false });
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const submit = within(dialog).getByRole('button', { name: 'Continue' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Email/), 'planner@noces');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Email/), '.test ');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await within(dialog).findByTestId('reset-request-success')).toHaveTextContent('Check your inbox: a link is on its way.');
    expect(sentTo).toEqual({ email: 'planner@noces.test' });
    expect(screen.getByTestId('reset-sent-banner')).toHaveTextContent('Check your inbox');

    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('reset-sent-banner')).toBeInTheDocument();
  });

  it('says when a link was already requested, and stays open', async () => {
    server.use(
      http.post('*/api/reset-password/request', () =>
        HttpResponse.json({ success: false, message: 'Déjà demandé', already_requested: true }),
      ),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Email/), 'planner@noces.test');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByTestId('reset-request-already')).toHaveTextContent(
      'A link was already requested. Please check your inbox and spam folder.',
    );
  });

  it("shows the server's message when the request fails", async () => {
    server.use(
      http.post('*/api/reset-password/request', () =>
        HttpResponse.json({ error: 'errors.too_many_requests', message: 'Too many attempts. Please wait.' }, { status: 429 }),
      ),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Email/), 'planner@noces.test');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByTestId('reset-request-error')).toHaveTextContent('Too many attempts. Please wait.');
  });
});
