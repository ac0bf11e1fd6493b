import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SecurityPage } from '@/features/security/components/security-page';
import { SnackbarProvider } from '@/components/ui/snackbar-provider';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';

function renderSecurity() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarProvider>
        <SecurityPage />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('the security page', () => {
  it('shows the strength as a bar, a level and the five criteria', async () => {
    const user = userEvent.setup();
    renderSecurity();
    const meter = screen.getByTestId('password-strength');
    expect(meter).toHaveTextContent('Strength: none');
    await user.type(field(/^New password/), 'abc');
    expect(meter).toHaveTextContent('Strength: very weak');
    await user.type(field(/^New password/), 'D1');
    expect(meter).toHaveTextContent('Strength: good');
    await user.type(field(/^New password/), '!xyz');
    expect(meter).toHaveTextContent('Strength: excellent');
    expect(screen.getByRole('progressbar', { name: 'Strength: excellent' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('list', { name: 'Password criteria' }).querySelectorAll('li[data-met="true"]')).toHaveLength(5);
  });

  it('enables the button only with the current password, a strong enough new one and its confirmation', async () => {
    const user = userEvent.setup();
    renderSecurity();
    const submit = screen.getByRole('button', { name: 'Change my password' });
    expect(submit).toBeDisabled();
    await user.type(field(/^Current password/), 'Demo-2026!');
    await user.type(field(/^New password/), 'Abcdefg1');
    await user.type(field(/^Confirm the new password/), 'Abcdefg1');
    // "very good" (no special character) passes the meter but not the server's policy.
    expect(submit).toBeDisabled();
    await user.type(field(/^New password/), '!');
    await user.type(field(/^Confirm the new password/), '!');
    expect(submit).toBeEnabled();
  });

  it("shows the server's field error under the current password", async () => {
    server.use(
      http.post('*/api/account/change-password', () =>
        HttpResponse.json(
          {
            error: 'errors.validation',
            message: 'Some fields are not valid.',
            fields: { currentPassword: 'security.errors.current_password_invalid' },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderSecurity();
    await user.type(field(/^Current password/), 'wrong-one');
    await user.type(field(/^New password/), 'Demo-2027!');
    await user.type(field(/^Confirm the new password/), 'Demo-2027!');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(field(/^Current password/)).toHaveAccessibleDescription('The current password is wrong');
  });

  it('says so in a snackbar and empties the form on success', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/account/change-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: 'Your password has been changed.' });
      }),
    );
    const user = userEvent.setup();
    renderSecurity();
    await user.type(field(/^Current password/), 'Demo-2026!');
    await user.type(field(/^New password/), 'Demo-2027!');
    await user.type(field(/^Confirm the new password/), 'Demo-2027!');
    await user.click(screen.getByRole('button', { name: 'Change my password' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Your password has been changed.');
    expect(body).toEqual({ currentPassword: 'Demo-2026!', newPassword: 'Demo-2027!' });
    expect(field(/^New password/)).toHaveValue('');
  });
});
