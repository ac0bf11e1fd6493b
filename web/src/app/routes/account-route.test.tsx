import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProtectedRoute } from '@/app/guards/route-guards';
import { AccountPage } from '@/features/account/components/account-page';
import { peekLoginNotice } from '@/lib/auth/login-notice';
import { queryKeys } from '@/lib/query-keys';
import { getRefreshToken, getToken, setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRouter } from '@/test/render-router';

function renderAccount(user: User = makeUser()) {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  const router = createMemoryRouter(
    [
      { element: <ProtectedRoute />, children: [{ path: '/account', element: <AccountPage /> }] },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/account'] },
  );
  renderRouter(client, router);
  return { client, router };
}

beforeEach(() => {
  // The export card asks for the export's state on every account page.
  server.use(http.get('*/api/account/export/status', () => HttpResponse.json({ state: 'none' })));
});

const input = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label, { selector: 'input, textarea' });

describe('personal information', () => {
  it('keeps Save disabled while a name has an error, and saves the trimmed names', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/account/personal-info', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeUser({ firstname: 'Camila', fullName: 'Camila Martin' }));
      }),
    );
    const user = userEvent.setup();
    const { client } = renderAccount();
    const card = screen.getByTestId('personal-info-card');
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(input(card, /^First name/));
    expect(await within(card).findByText('This field is required')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(input(card, /^First name/), 'C');
    expect(await within(card).findByText('Must contain at least 2 characters')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(input(card, /^First name/), '4');
    expect(await within(card).findByText('Can only contain letters, spaces, hyphens and apostrophes')).toBeInTheDocument();
    await user.clear(input(card, /^First name/));
    await user.type(input(card, /^First name/), ' Camila ');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Your information has been updated');
    expect(body).toEqual({ firstname: 'Camila', lastname: 'Martin' });
    expect(client.getQueryData<User>(queryKeys.me)?.firstname).toBe('Camila');
  });

  it("says 'Error updating information' when the save fails", async () => {
    server.use(http.post('*/api/account/personal-info', () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    renderAccount();
    const card = screen.getByTestId('personal-info-card');
    await user.type(input(card, /^Last name/), 'x');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Error updating information');
  });
});

describe('phone change', () => {
  it('texts a code to the new number and verifies it', async () => {
    const calls: Array<[string, unknown]> = [];
    let verifications = 0;
    server.use(
      http.post('*/api/account/phone/check', async ({ request }) => {
        calls.push(['check', await request.json()]);
        return HttpResponse.json({ success: true, message: 'sent' });
      }),
      http.post('*/api/account/phone/verify', async ({ request }) => {
        calls.push(['verify', await request.json()]);
        verifications += 1;
        return verifications === 1
          ? HttpResponse.json(
              { error: 'errors.validation', message: 'Some fields are not valid.', fields: { code: 'account.phone.errors.code_expired' } },
              { status: 422 },
            )
          : HttpResponse.json({ success: true, phone: '+33698765432' });
      }),
    );
    const user = userEvent.setup();
    const { client } = renderAccount();
    const card = screen.getByTestId('phone-card');
    expect(within(card).getByTestId('current-phone')).toHaveTextContent('+33 6 12 34 56 78');
    await user.type(input(card, /^New number/), '06 98 76 54 32');
    await user.click(within(card).getByRole('button', { name: 'Change the number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your new number' });
    expect(dialog).toHaveTextContent('+33 6 98 76 54 32');
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    const code = await within(dialog).findByLabelText(/^Code/);
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    await user.type(code, '12a345');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.type(code, '6');
    await user.click(verify);
    expect(await within(dialog).findByTestId('phone-verify-error')).toHaveTextContent(
      'This code has expired or was entered wrongly too often. Ask for a new one.',
    );
    await user.click(verify);
    expect(await screen.findByText('Your phone number has been updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls[0]).toEqual(['check', { phone: '+33698765432' }]);
    expect(calls[1]).toEqual(['verify', { phone: '+33698765432', code: '123456' }]);
    expect(client.getQueryData<User>(queryKeys.me)?.phone).toBe('+33698765432');
  });

  it("says 'Error sending code' when the SMS cannot be sent", async () => {
    server.use(http.post('*/api/account/phone/check', () => HttpResponse.json({ error: 'x', message: '' }, { status: 503 })));
    const user = userEvent.setup();
    renderAccount();
    const card = screen.getByTestId('phone-card');
    await user.type(input(card, /^New number/), '0698765432');
    await user.click(within(card).getByRole('button', { name: 'Change the number' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send the code' }));
    expect(await within(dialog).findByTestId('phone-send-error')).toHaveTextContent('Error sending code');
  });

  it('refuses a number that is not valid for the country', async () => {
    const user = userEvent.setup();
    renderAccount();
    const card = screen.getByTestId('phone-card');
    await user.type(input(card, /^New number/), '0698');
    await user.click(within(card).getByRole('button', { name: 'Change the number' }));
    expect(await within(card).findByText('The phone number must contain at least 10 characters')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('sign-in e-mail change', () => {
  it('stores the new token and refresh token', async () => {
    server.use(
      http.post('*/api/account/change-email', () => HttpResponse.json({ token: 'renewed', refresh_token: 'renewed-refresh' })),
      http.get('*/api/me', () => HttpResponse.json(makeUser({ email: 'new@noces.test' }))),
    );
    const user = userEvent.setup();
    renderAccount();
    const card = screen.getByTestId('email-card');
    const field = input(card, /^Email/);
    await user.clear(field);
    await user.type(field, 'new@noces.test');
    await user.click(within(card).getByRole('button', { name: 'Change the email' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Your sign-in email has been changed');
    expect(getToken()).toBe('renewed');
    expect(getRefreshToken()).toBe('renewed-refresh');
  });

  it('shows an error when the answer has no token', async () => {
    server.use(http.post('*/api/account/change-email', () => HttpResponse.json({})));
    const user = userEvent.setup();
    renderAccount();
    const card = screen.getByTestId('email-card');
    const field = input(card, /^Email/);
    await user.clear(field);
    await user.type(field, 'new@noces.test');
    await user.click(within(card).getByRole('button', { name: 'Change the email' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('The change could not be confirmed');
    expect(getToken()).toBe('access');
  });

  it('says the address is already used (409) under the field', async () => {
    server.use(
      http.post('*/api/account/change-email', () =>
        HttpResponse.json({ error: 'register.errors.email_already_used', message: '', fields: { email: 'register.errors.email_already_used' } }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderAccount();
    const card = screen.getByTestId('email-card');
    const field = input(card, /^Email/);
    await user.clear(field);
    await user.type(field, 'premium@noces.test');
    await user.click(within(card).getByRole('button', { name: 'Change the email' }));
    expect(await within(card).findByText('This email address is already in use')).toBeInTheDocument();
  });
});

describe('language', () => {
  it("says 'Error updating language' when the account cannot be changed", async () => {
    server.use(http.post('*/api/account/change-locale', () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    renderAccount();
    await user.selectOptions(screen.getByLabelText('Language', { selector: 'select' }), 'de');
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Error updating language');
  });
});

describe('account deletion', () => {
  it('needs 30 characters after trimming, then ends the session and goes to /login with a message', async () => {
    let body: unknown = null;
    server.use(
      http.delete('*/api/account/delete', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    const { router, client } = renderAccount();
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete permanently' });
    const reason = input(dialog, /^Reason/);
    await user.type(reason, `   ${'x'.repeat(29)}   `);
    expect(confirm).toBeDisabled();
    await user.tab();
    expect(within(dialog).getByText('Please give a reason of at least 30 characters · 29 characters (30 minimum)')).toBeInTheDocument();
    await user.type(reason, 'y');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(body).toEqual({ reason: `${'x'.repeat(29)}   y` });
    expect(getToken()).toBeNull();
    expect(client.getQueryData(queryKeys.me)).toBeUndefined();
    expect(peekLoginNotice()).toBe('account_deleted');
  });
});

describe('data export', () => {
  it('starts the export in one click and says it is being prepared', async () => {
    let asked = 0;
    server.use(
      http.post('*/api/account/export', () => {
        asked++;
        return HttpResponse.json({ state: 'pending', requestedAt: '2026-11-26T09:00:00Z' }, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderAccount();
    const card = await screen.findByTestId('export-card');
    await user.click(await within(card).findByRole('button', { name: 'Export my data' }));
    expect(await within(card).findByText(/Your export is being prepared/)).toBeInTheDocument();
    expect(asked).toBe(1);
    expect(within(card).queryByRole('button', { name: 'Export my data' })).toBeNull();
  });

  it('shows the download link when ready, and the deletion dialog offers it first', async () => {
    server.use(
      http.get('*/api/account/export/status', () =>
        HttpResponse.json({
          state: 'ready',
          requestedAt: '2026-11-26T09:00:00Z',
          readyAt: '2026-11-26T09:01:00Z',
          expiresAt: '2026-12-03T09:01:00Z',
          byteSize: 12_500_000,
          downloadUrl: '/api/account/export/download?token=abc',
        }),
      ),
    );
    const user = userEvent.setup();
    renderAccount();
    const card = await screen.findByTestId('export-card');
    const link = await within(card).findByRole('link', { name: 'Download the zip' });
    expect(link).toHaveAttribute('href', '/api/account/export/download?token=abc');
    expect(within(card).getByText(/12\.5 MB/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('heading', { name: 'Take your data with you first' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download the zip' })).toHaveAttribute('href', '/api/account/export/download?token=abc');
  });
});
