import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';

function renderReset(token = 'tok-123') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ResetPasswordPage token={token} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const newPassword = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const confirmPassword = () => screen.getByLabelText(/^Confirm the new password/, { selector: 'input' });

describe('the reset page', () => {
  it('states the policy and checks the confirmation', async () => {
    const user = userEvent.setup();
    renderReset();
    await user.type(newPassword(), 'short');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(newPassword()).toHaveAccessibleDescription(
      expect.stringContaining('Password must contain at least 8 characters, one uppercase, one lowercase, one number and one special character'),
    );
    await user.clear(newPassword());
    await user.type(newPassword(), 'Demo-2027!');
    await user.type(confirmPassword(), 'Demo-2027?');
    expect(confirmPassword()).toHaveAccessibleDescription("Passwords don't match");
    await user.clear(confirmPassword());
    await user.type(confirmPassword(), 'Demo-2027!');
    expect(confirmPassword()).not.toHaveAccessibleDescription("Passwords don't match");
  });

  it('sends the trimmed passwords and the token, then replaces the form with a success alert', async () => {
    let seen: { url: string; body: unknown } | null = null;
    server.use(
      http.post('*/api/reset-password/reset/:token', async ({ request }) => {
        seen = { url: new URL(request.url).pathname, body: await request.json() };
        return HttpResponse.json({ success: true, message: 'Your password has been changed. You can now sign in.' });
      }),
    );
    const user = userEvent.setup();
    renderReset('tok-123');
    await user.type(newPassword(), ' Demo-2027! ');
    await user.type(confirmPassword(), 'Demo-2027!');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByTestId('reset-success')).toHaveTextContent('Your password has been changed. You can now sign in.');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(seen).toEqual({
      url: '/api/reset-password/reset/tok-123',
      body: { newPassword: 'Demo-2027!', confirmPassword: 'Demo-2027!', token: 'tok-123' },
    });
  });

  it("shows the server's message, e.g. an expired link", async () => {
    server.use(
      http.post('*/api/reset-password/reset/:token', () =>
        HttpResponse.json(
          {
            error: 'reset_password.errors.invalid_token',
            message: 'This link is invalid or has expired. Please ask for a new one.',
            fields: { token: 'reset_password.errors.invalid_token' },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderReset();
    await user.type(newPassword(), 'Demo-2027!');
    await user.type(confirmPassword(), 'Demo-2027!');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByTestId('reset-error')).toHaveTextContent('This link is invalid or has expired. Please ask for a new one.');
  });

  it("says 'Error resetting password' when the server gives no message", async () => {
    server.use(http.post('*/api/reset-password/reset/:token', () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    renderReset();
    await user.type(newPassword(), 'Demo-2027!');
    await user.type(confirmPassword(), 'Demo-2027!');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByTestId('reset-error')).toHaveTextContent('Error resetting password');
  });
});
