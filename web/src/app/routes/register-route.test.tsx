import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PublicOnlyRoute } from '@/app/guards/route-guards';
import { RegisterPage } from '@/features/auth/components/register-page';
import { getRefreshToken, getToken } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

function renderRegister() {
  const router = createMemoryRouter(
    [
      { element: <PublicOnlyRoute />, children: [{ path: '/register', element: <RegisterPage languageMenu={null} /> }] },
      { path: '/onboarding', element: <p>onboarding page</p> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: ['/register'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Camille');
  await user.type(screen.getByLabelText(/^Last name/), 'Durand');
  await user.type(screen.getByLabelText(/^Email/), 'camille@noces.test');
  await user.type(screen.getByLabelText(/^Phone/), '06 12 34 56 78');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Demo-2026!');
  await user.click(screen.getByRole('checkbox', { name: /terms of use/ }));
}

describe('the registration page', () => {
  it('links the terms of use and the privacy policy in a new tab, so the form keeps what was typed', () => {
    renderRegister();
    const terms = screen.getByRole('link', { name: /^terms of use/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    const privacy = screen.getByRole('link', { name: /^privacy policy \(opens in a new tab\)$/ });
    expect(privacy).toHaveAttribute('href', '/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    // The policy is read, not accepted: its link is outside the checkbox's label.
    expect(screen.getByRole('checkbox', { name: /terms of use/ })).not.toHaveAccessibleName(/privacy/);
  });

  it('defaults to a planner and shows every rule when sent empty', async () => {
    const user = userEvent.setup();
    renderRegister();
    expect(screen.getByRole('radio', { name: /wedding professional/i })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email address is required');
    expect(screen.getByText('Please accept the terms of use')).toBeInTheDocument();
  });

  it('registers with the terms, the interface language and the phone in E.164, then goes to /onboarding', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/register', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ token: 'new-access', refresh_token: 'new-refresh' }, { status: 201 });
      }),
      http.get('*/api/me', () => HttpResponse.json(makeUser({ hasFinishedOnboarding: false, isModerated: false }))),
    );
    const user = userEvent.setup();
    const router = renderRegister();
    await user.click(screen.getByRole('radio', { name: /wedding venue/i }));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('onboarding page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(body).toEqual({
      role: 'ROLE_VENUE',
      firstname: 'Camille',
      lastname: 'Durand',
      email: 'camille@noces.test',
      phone: '+33612345678',
      password: 'Demo-2026!',
      tosIsAccepted: true,
      locale: 'en',
    });
    expect(getToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
  });

  it("shows the server's field errors (422) under their fields", async () => {
    server.use(
      http.post('*/api/register', () =>
        HttpResponse.json(
          {
            error: 'errors.validation',
            message: 'Some fields are not valid.',
            fields: {
              phone: 'validation.phone_invalid',
              password: 'validation.password_requirements',
              lastname: 'validation.name_characters',
            },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRegister();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('This phone number is not valid for the selected country')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription('This phone number is not valid for the selected country');
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAccessibleDescription(
      expect.stringContaining('Password must contain at least 8 characters, one uppercase, one lowercase, one number and one special character'),
    );
    expect(screen.getByLabelText(/^Last name/)).toHaveAccessibleDescription('Can only contain letters, spaces, hyphens and apostrophes');
    expect(screen.queryByTestId('register-error')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('says the e-mail is already used (409) under the e-mail field', async () => {
    server.use(
      http.post('*/api/register', () =>
        HttpResponse.json(
          { error: 'register.errors.email_already_used', message: 'Adresse déjà utilisée', fields: { email: 'register.errors.email_already_used' } },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRegister();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('This email address is already in use')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This email address is already in use');
  });

  it("shows the server's message for any other failure", async () => {
    server.use(
      http.post('*/api/register', () => HttpResponse.json({ error: 'errors.internal', message: 'Boom' }, { status: 500 })),
    );
    const user = userEvent.setup();
    renderRegister();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByTestId('register-error')).toHaveTextContent('Your account could not be created. Please try again later.');
  });
});
