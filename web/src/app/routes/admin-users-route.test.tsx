import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as UsersRoute } from '@/app/routes/admin-users-route';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const planner = {
  id: 'u-camille',
  email: 'planner@noces.test',
  firstname: 'Camille',
  lastname: 'Durand',
  role: 'ROLE_PRESTATAIRE',
  company: 'Camille Durand Événements',
  moderated: true,
  premium: 'none',
  credits: 3,
  createdAt: '2026-01-10T10:00:00Z',
};
const admin = { ...planner, id: 'u-admin', email: 'admin@noces.test', firstname: 'Adèle', lastname: 'Martin', role: 'ROLE_ADMIN', company: '', credits: 0 };
const premium = { ...planner, id: 'u-premium', email: 'premium@noces.test', firstname: 'Hugo', lastname: 'Moreau', company: 'Maison Moreau', premium: 'active', credits: 0 };

function users(queries: string[] = []) {
  server.use(
    http.get('*/api/admin/users', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      const q = url.searchParams.get('q') ?? '';
      const items = [planner, premium, admin].filter((u) => u.email.includes(q));
      return HttpResponse.json({ items, total: items.length, page: Number(url.searchParams.get('page') ?? 1), pageSize: 25 });
    }),
  );
  return queries;
}

async function openAction(name: string, action: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(screen.getByRole('menuitem', { name: action }));
  return user;
}

describe('the users screen', () => {
  it('lists users with role, moderation, plan and credits; admins get no actions', async () => {
    users();
    renderAdmin(<UsersRoute />, '/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/Camille Durand.*planner@noces\.test.*Planner.*Camille Durand Événements.*Approved.*Free.*3/);
    expect(second).toHaveTextContent('Premium');
    expect(third).toHaveTextContent('Administrator');
    expect(within(third!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('searches once the typing pauses, from the first page, and says when nothing matches', async () => {
    const queries = users();
    // Every key at once, as a quick typist: with a timer between keys, a
    // loaded machine can pause longer than the debounce mid-word (the search
    // then went out as "pemium").
    const user = userEvent.setup({ delay: null });
    const { router } = renderAdmin(<UsersRoute />, '/admin/users?page=2');
    await screen.findByRole('table', { name: 'Users' });
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'premium');
    await waitFor(() => expect(router.state.location.search).toBe('?q=premium'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(queries).toEqual(['?page=2', '?q=premium&page=1']);
    await user.clear(screen.getByRole('searchbox', { name: /Search/ }));
    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'nobody');
    expect(await screen.findByText('No user matches “nobody”')).toBeInTheDocument();
  });

  it('follows the address when it changes on its own, without putting the old search back', async () => {
    users();
    const { router } = renderAdmin(<UsersRoute />, '/admin/users?q=premium');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('premium');
    await act(() => router.navigate('/admin/users?q=planner'));
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('planner');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(router.state.location.search).toBe('?q=planner');
  });

  it('adjusts credits with a negative amount and a reason, then shows the new balance', async () => {
    users();
    let body: unknown = null;
    server.use(
      http.post('*/api/admin/users/:id/credits', async ({ request, params }) => {
        body = { id: params.id, ...((await request.json()) as object) };
        return HttpResponse.json({ credits: 1 });
      }),
    );
    renderAdmin(<UsersRoute />, '/admin/users');
    const user = await openAction('Camille Durand', 'Adjust credits');
    const dialog = screen.getByRole('dialog', { name: 'Adjust the credits of Camille Durand' });
    expect(within(dialog).getByTestId('credits-current')).toHaveTextContent('3');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(/Amount/), '-5');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Doublon');
    expect(within(dialog).getByText('The balance cannot go below zero: this user has 3 credits')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '0');
    expect(within(dialog).getByText(/whole number of credits between -1,000 and 1,000/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '-2');
    expect(within(dialog).getByText('1', { selector: 'p' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByTestId('credits-result')).toHaveTextContent('New balance of Camille Durand: 1 credits');
    expect(body).toEqual({ id: 'u-camille', amount: -2, reason: 'Doublon' });
  });

  it('shows the server refusal of a withdrawal under the amount', async () => {
    users();
    server.use(
      http.post('*/api/admin/users/:id/credits', () =>
        HttpResponse.json(
          {
            error: 'admin.errors.insufficient_credits',
            message: 'The balance cannot go below zero: this user does not have that many credits',
            fields: { amount: 'admin.errors.insufficient_credits' },
          },
          { status: 409 },
        ),
      ),
    );
    renderAdmin(<UsersRoute />, '/admin/users');
    const user = await openAction('Camille Durand', 'Adjust credits');
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Amount/), '-3');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Remboursement');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await within(dialog).findByText('The balance cannot go below zero: this user does not have that many credits')).toBeInTheDocument();
  });

  it('asks before impersonating, and shows why the server refuses', async () => {
    users();
    let target: unknown = null;
    server.use(
      http.post('*/api/impersonation/impersonate', async ({ request }) => {
        target = await request.json();
        return HttpResponse.json({ error: 'impersonation.errors.user_not_found', message: 'No user with this id' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<UsersRoute />, '/admin/users');
    // A visible button on each professional's row, named after them; not in the row's menu.
    const table = await screen.findByRole('table', { name: 'Users' });
    const [, , premiumRow, adminRow] = within(table).getAllByRole('row');
    expect(within(adminRow!).queryByRole('button', { name: /Impersonate/ })).toBeNull();
    await user.click(within(premiumRow!).getByRole('button', { name: 'Actions for Hugo Moreau' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Adjust credits', 'Verify the SIRET']);
    await user.keyboard('{Escape}');
    await user.click(within(premiumRow!).getByRole('button', { name: 'Impersonate Hugo Moreau' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in as Hugo Moreau?' });
    expect(dialog).toHaveTextContent('premium@noces.test');
    await user.click(within(dialog).getByRole('button', { name: 'Impersonate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No user with this id');
    expect(target).toEqual({ user_id: 'u-premium' });
  });

  it('records a SIRET check for a user', async () => {
    users();
    let body: unknown = null;
    server.use(
      http.post('*/api/admin/users/:id/siret-verify', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ siretStatus: 'inactive' });
      }),
    );
    renderAdmin(<UsersRoute />, '/admin/users');
    const user = await openAction('Camille Durand', 'Verify the SIRET');
    const dialog = screen.getByRole('dialog', { name: 'Verify the SIRET' });
    await user.click(within(dialog).getByLabelText('The company is closed, or the SIRET is wrong'));
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('SIRET of Camille Durand Événements marked inactive')).toBeInTheDocument();
    expect(body).toEqual({ isActive: false });
  });
});
