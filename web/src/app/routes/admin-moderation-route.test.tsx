import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as ModerationRoute } from '@/app/routes/admin-moderation-route';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const item = (overrides: Record<string, unknown> = {}) => ({
  id: 'u-atelier',
  email: 'ines@atelier.test',
  firstname: 'Inès',
  lastname: 'Garnier',
  role: 'ROLE_PRESTATAIRE',
  companyName: 'Atelier Lumière',
  city: 'Lyon',
  country: 'FR',
  siret: '73282932000074',
  siretStatus: 'unknown',
  moderationNote: '',
  createdAt: '2026-06-01T09:30:00Z',
  ...overrides,
});

function queue(items: object[], calls: string[] = []) {
  server.use(
    http.get('*/api/admin/moderation', ({ request }) => {
      calls.push(new URL(request.url).search);
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 50 });
    }),
  );
  return calls;
}

describe('the moderation queue', () => {
  it('lists the waiting professionals with their SIRET status', async () => {
    const calls = queue([
      item(),
      item({ id: 'u-venue', companyName: 'Château Lefèvre', role: 'ROLE_VENUE', country: 'NL', siret: '', siretStatus: 'unknown', moderationNote: 'Photos manquantes' }),
      item({ id: 'u-it', companyName: 'Studio Milano', country: 'IT', siret: '00743110157', siretStatus: 'unknown' }),
    ]);
    renderAdmin(<ModerationRoute />, '/admin/moderation');
    const table = await screen.findByRole('table', { name: 'Professionals waiting for moderation' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(table).getByRole('columnheader', { name: 'Company number' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Atelier Lumière');
    expect(rows[1]).toHaveTextContent('Lyon, France');
    expect(within(rows[1]!).getByTestId('siret-chip')).toHaveTextContent('Not verified');
    expect(rows[2]).toHaveTextContent('No company number');
    // An Italian number is named as Italy names it, with no register verdict.
    expect(rows[3]).toHaveTextContent('00743110157');
    expect(rows[3]).toHaveTextContent('Partita IVA');
    expect(within(rows[3]!).queryByTestId('siret-chip')).toBeNull();
    expect(rows[2]).toHaveTextContent('Refused: Photos manquantes');
    expect(screen.getByText('Professionals waiting for approval, oldest first: 3.')).toBeInTheDocument();
    expect(calls).toEqual(['?page=1']);
  });

  it('approves after confirmation, warning that an unverified SIRET keeps the profile hidden', async () => {
    let approved = '';
    let items = [item()];
    server.use(
      http.get('*/api/admin/moderation', () => HttpResponse.json({ items, total: items.length, page: 1, pageSize: 50 })),
      http.post('*/api/admin/users/:id/approve', ({ params }) => {
        approved = String(params.id);
        items = [];
        return HttpResponse.json({ id: approved, isModerated: true, moderatedAt: '2026-06-02T10:00:00Z', moderationNote: '' });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ModerationRoute />, '/admin/moderation');
    await user.click(await screen.findByRole('button', { name: 'Approve Atelier Lumière' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Atelier Lumière?' });
    expect(dialog).toHaveTextContent('ines@atelier.test receives an e-mail');
    expect(dialog).toHaveTextContent('The SIRET is not verified');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Atelier Lumière is approved')).toBeInTheDocument();
    expect(approved).toBe('u-atelier');
    expect(await screen.findByText('Nobody is waiting for moderation')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the approval dialog open with the server message when it refuses', async () => {
    queue([item({ siretStatus: 'active' })]);
    server.use(
      http.post('*/api/admin/users/:id/approve', () =>
        HttpResponse.json({ error: 'admin.errors.already_moderated', message: 'Ce profil a déjà été validé' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<ModerationRoute />, '/admin/moderation');
    await user.click(await screen.findByRole('button', { name: 'Approve Atelier Lumière' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).not.toHaveTextContent('The SIRET is not verified');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ce profil a déjà été validé');
  });

  it('rejects with a reason of 5 to 1000 characters, showing the server field message', async () => {
    const bodies: unknown[] = [];
    queue([item()]);
    server.use(
      http.post('*/api/admin/users/:id/reject', async ({ request }) => {
        const body = (await request.json()) as { reason: string };
        bodies.push(body);
        if (body.reason.startsWith('Spam')) {
          return HttpResponse.json(
            { error: 'errors.validation', message: 'Some fields are not valid.', fields: { reason: 'admin.validation.reject_reason_length' } },
            { status: 422 },
          );
        }
        return HttpResponse.json({ id: 'u-atelier', isModerated: false, moderatedAt: null, moderationNote: body.reason });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ModerationRoute />, '/admin/moderation');
    await user.click(await screen.findByRole('button', { name: 'Reject Atelier Lumière' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Atelier Lumière' });
    const reason = within(dialog).getByLabelText(/Reason/);
    await user.type(reason, 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('The reason must be 5 to 1000 characters long')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(reason);
    await user.click(reason);
    await user.paste('Spam spam');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('The reason must be 5 to 1,000 characters long')).toBeInTheDocument();

    await user.clear(reason);
    await user.click(reason);
    await user.paste('  Please add photos of your work.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Atelier Lumière has been rejected; the reason has been e-mailed')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ reason: 'Please add photos of your work.' });
  });

  it('records a manual SIRET check from the details', async () => {
    let body: unknown = null;
    queue([item()]);
    server.use(
      http.post('*/api/admin/users/:id/siret-verify', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ siretStatus: 'active' });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ModerationRoute />, '/admin/moderation');
    await user.click(await screen.findByRole('button', { name: 'Details of Atelier Lumière' }));
    const details = screen.getByRole('dialog', { name: 'Atelier Lumière' });
    expect(details).toHaveTextContent('ines@atelier.test');
    await user.click(within(details).getByRole('button', { name: 'Verify the SIRET' }));
    const siret = screen.getByRole('dialog', { name: 'Verify the SIRET' });
    const record = within(siret).getByRole('button', { name: 'Record' });
    expect(record).toBeDisabled();
    await user.click(within(siret).getByLabelText('The company exists and is active'));
    await user.click(record);
    expect(await screen.findByText('SIRET of Atelier Lumière marked active')).toBeInTheDocument();
    expect(body).toEqual({ isActive: true });
  });

  it('shows the server message and a retry when the queue cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('*/api/admin/moderation', () =>
        fail
          ? HttpResponse.json({ error: 'errors.forbidden', message: 'Vous n’êtes pas autorisé à faire cela.' }, { status: 403 })
          : HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 50 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<ModerationRoute />, '/admin/moderation');
    expect(screen.getByTestId('admin-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('admin-error')).toHaveTextContent('Vous n’êtes pas autorisé à faire cela.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('admin-empty')).toHaveTextContent('Nobody is waiting for moderation'));
  });
});
