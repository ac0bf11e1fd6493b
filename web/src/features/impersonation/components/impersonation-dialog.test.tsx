import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { StartImpersonationDialog, StopImpersonationDialog } from '@/features/impersonation/components/impersonation-dialog';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

function wrap(node: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

describe('the impersonation dialogs', () => {
  it('start asks for a user id and shows the error when the server refuses', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/api/impersonation/impersonate', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ error: 'impersonation.errors.user_not_found', message: 'No user with this id' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    wrap(<StartImpersonationDialog open onClose={() => undefined} user={makeUser({ roles: ['ROLE_ADMIN'] })} />);
    const submit = screen.getByRole('button', { name: 'Impersonate' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /User ID/ }), ' nobody ');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('No user with this ID');
    expect(body).toEqual({ user_id: 'nobody' });
  });

  it('start is refused on the client for a non-admin', async () => {
    const user = userEvent.setup();
    wrap(<StartImpersonationDialog open onClose={() => undefined} user={makeUser()} />);
    await user.type(screen.getByRole('textbox', { name: /User ID/ }), 'someone');
    await user.click(screen.getByRole('button', { name: 'Impersonate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators can impersonate a user.');
  });

  it('stop asks for confirmation and fails without a stored original user', async () => {
    const user = userEvent.setup();
    wrap(<StopImpersonationDialog open onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Stop impersonating' })).toHaveTextContent('Return to your own administrator account?');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impersonation could not be stopped.');
  });
});
