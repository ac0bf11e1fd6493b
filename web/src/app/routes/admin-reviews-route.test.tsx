import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as ReviewsRoute } from '@/app/routes/admin-reviews-route';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const review = (overrides: Record<string, unknown> = {}) => ({
  id: 'r-1',
  providerId: 'u-camille',
  providerName: 'Camille Durand Événements',
  providerEmail: 'planner@noces.test',
  rating: 5,
  title: 'Un mariage parfait',
  body: 'Camille a tout organisé.\nMerci !',
  reviewerName: 'Léa et Tom',
  reviewerType: 'couple',
  weddingDate: '2026-05-16',
  photoUrl: '',
  status: 'pending',
  createdAt: '2026-05-20T08:00:00Z',
  moderatedAt: null,
  verified: false,
  reply: '',
  replyHidden: false,
  ...overrides,
});

function reviews(byStatus: Record<string, object[]>, calls: string[] = []) {
  server.use(
    http.get('*/api/admin/reviews', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url.search);
      const items = byStatus[url.searchParams.get('status') ?? 'pending'] ?? [];
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 25 });
    }),
  );
  return calls;
}

describe('the reviews screen', () => {
  it('shows the pending reviews and publishes one', async () => {
    const store: Record<string, object[]> = { pending: [review()], approved: [] };
    reviews(store);
    let approved = '';
    server.use(
      http.post('*/api/admin/reviews/:id/approve', ({ params }) => {
        approved = String(params.id);
        store.pending = [];
        return HttpResponse.json(review({ status: 'approved', moderatedAt: '2026-05-21T08:00:00Z' }));
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ReviewsRoute />, '/admin/reviews');
    const card = await screen.findByTestId('admin-review');
    expect(card).toHaveTextContent('Un mariage parfait');
    expect(card).toHaveTextContent('Léa et Tom · Couple · wedding on');
    expect(within(card).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(card).toHaveTextContent('For Camille Durand Événements (planner@noces.test)');
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The review is published and the professional has been told')).toBeInTheDocument();
    expect(approved).toBe('r-1');
    expect(await screen.findByText('No review is waiting')).toBeInTheDocument();
  });

  it('asks before rejecting, and keeps the dialog with the server message on a refusal', async () => {
    reviews({ pending: [review()] });
    server.use(
      http.post('*/api/admin/reviews/:id/reject', () =>
        HttpResponse.json({ error: 'admin.errors.review_already_rejected', message: 'This review has already been rejected' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<ReviewsRoute />, '/admin/reviews');
    await user.click(within(await screen.findByTestId('admin-review')).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this review?' });
    expect(dialog).toHaveTextContent('“Un mariage parfait” will not be shown on the profile of Camille Durand Événements');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This review has already been rejected');
  });

  it('switches status with the tabs; an approved review can be withdrawn', async () => {
    const calls = reviews({ pending: [], approved: [review({ id: 'r-2', status: 'approved', moderatedAt: '2026-05-21T08:00:00Z' })] });
    let rejected = '';
    server.use(
      http.post('*/api/admin/reviews/:id/reject', ({ params }) => {
        rejected = String(params.id);
        return HttpResponse.json(review({ id: 'r-2', status: 'rejected' }));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAdmin(<ReviewsRoute />, '/admin/reviews');
    expect(await screen.findByText('No review is waiting')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved'));
    const card = await screen.findByTestId('admin-review');
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Withdraw' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Withdraw this review?' })).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The review is no longer shown on the profile')).toBeInTheDocument();
    expect(rejected).toBe('r-2');
    expect(calls.slice(0, 2)).toEqual(['?status=pending&page=1', '?status=approved&page=1']);
  });

  it('marks a verified booking and hides the reply of an approved review', async () => {
    const approved = review({ id: 'r-3', status: 'approved', verified: true, reply: 'Merci Léa et Tom !', moderatedAt: '2026-05-21T08:00:00Z' });
    const store: Record<string, object[]> = { approved: [approved] };
    reviews(store);
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/admin/reviews/:id/reply-hidden', async ({ request, params }) => {
        sent.push([params.id, await request.json()]);
        store.approved = [{ ...approved, replyHidden: true }];
        return HttpResponse.json(store.approved[0]);
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ReviewsRoute />, '/admin/reviews?status=approved');
    const card = await screen.findByTestId('admin-review');
    expect(within(card).getByTestId('admin-review-verified')).toHaveTextContent('Verified booking');
    expect(within(card).getByTestId('admin-review-reply')).toHaveTextContent('Merci Léa et Tom !');
    await user.click(within(card).getByRole('button', { name: 'Hide reply' }));
    expect(await screen.findByText('Reply hidden')).toBeInTheDocument();
    expect(sent).toEqual([['r-3', { hidden: true }]]);
    expect(await within(await screen.findByTestId('admin-review')).findByRole('button', { name: 'Show reply' })).toBeInTheDocument();
  });
});
