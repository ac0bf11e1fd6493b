import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as VenuesRoute } from '@/app/routes/admin-venues-route';
import { server } from '@/test/msw-server';
import { renderAdmin } from '@/test/render-admin';

const photo = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  imageUrl: `https://media.test/${id}.jpg`,
  thumbnailUrl: `https://media.test/${id}-thumb.jpg`,
  width: 1600,
  height: 1067,
  alt: '',
  title: '',
  caption: '',
  isKeyImage: false,
  isVisible: true,
  ...overrides,
});

const venue = (overrides: Record<string, unknown> = {}) => ({
  id: 'v-1',
  name: 'Château du Lac',
  slug: 'chateau-du-lac',
  type: 'castle',
  address: '1 route du Lac',
  zipcode: '74000',
  city: 'Annecy',
  countryCode: 'FR',
  email: 'contact@lac.test',
  phone: '',
  website: '',
  description: 'A castle on the lake shore.',
  detailedDescription: '',
  seatedCapacity: 120,
  standingCapacity: 200,
  bedrooms: 12,
  minPrice: 3000,
  maxPrice: 9000,
  contactName: '',
  contactRole: '',
  isPublished: true,
  isValidated: false,
  validatedAt: null,
  publicUrl: null,
  features: ['garden', 'parking', 'wifi'],
  photos: [photo('p-key', { isKeyImage: true, alt: 'The castle from the lake', caption: 'Summer' }), photo('p-2'), photo('p-3', { isVisible: false })],
  owner: { id: 'u-sophie', firstname: 'Sophie', lastname: 'Lefèvre', email: 'sophie@lac.test', isModerated: true, domain: 'fr' },
  createdAt: '2026-05-20T08:00:00Z',
  updatedAt: '2026-05-20T08:00:00Z',
  ...overrides,
});

function venues(byStatus: Record<string, object[]>, calls: string[] = []) {
  server.use(
    http.get('*/api/admin/venues', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url.search);
      const items = byStatus[url.searchParams.get('status') ?? 'to_validate'] ?? [];
      return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 20 });
    }),
  );
  return calls;
}

describe('the venues validation screen', () => {
  it("shows a venue's facts, photos and owner, and validates it after asking", async () => {
    const store: Record<string, object[]> = { to_validate: [venue()] };
    venues(store);
    let body: unknown = null;
    server.use(
      http.put('*/api/admin/venues/:id/validation', async ({ request }) => {
        body = await request.json();
        store.to_validate = [];
        return HttpResponse.json(venue({ isValidated: true, validatedAt: '2026-05-21T08:00:00Z' }));
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<VenuesRoute />, '/admin/venues');
    const card = await screen.findByTestId('admin-venue');
    expect(within(card).getByRole('heading', { name: 'Château du Lac' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Castle · 74000 Annecy, France');
    expect(card).toHaveTextContent('120 seated · 200 standing · 12 bedrooms');
    expect(card).toHaveTextContent('€3,000 – €9,000');
    expect(within(card).getByText('Garden')).toBeInTheDocument();
    expect(within(card).getByText('Wi-Fi')).toBeInTheDocument();
    expect(card).toHaveTextContent('Sophie Lefèvre (sophie@lac.test)');
    expect(within(card).getByTestId('venue-owner-moderation')).toHaveTextContent('Account moderated');
    expect(within(card).getByRole('link', { name: "Open the owner's account in Users" })).toHaveAttribute('href', '/admin/users?q=sophie%40lac.test');

    await user.click(within(card).getByRole('button', { name: 'Open photo 1 of 3' }));
    const viewer = screen.getByRole('dialog', { name: 'Château du Lac: photo 1 of 3' });
    expect(within(viewer).getByRole('img', { name: 'The castle from the lake' })).toHaveAttribute('src', 'https://media.test/p-key.jpg');
    expect(viewer).toHaveTextContent('Key image');
    await user.click(within(viewer).getByRole('button', { name: 'Previous photo' }));
    const last = screen.getByRole('dialog', { name: 'Château du Lac: photo 3 of 3' });
    expect(last).toHaveTextContent('Hidden');
    expect(last).toHaveTextContent('No alternative text');
    await user.click(within(last).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'Validate' }));
    const dialog = screen.getByRole('dialog', { name: 'Validate this venue?' });
    expect(dialog).toHaveTextContent('Sophie Lefèvre will be e-mailed');
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('“Château du Lac” is validated and its owner has been e-mailed')).toBeInTheDocument();
    expect(body).toEqual({ validated: true });
    expect(await screen.findByText('No venue is waiting for validation')).toBeInTheDocument();
  });

  it('keeps the dialog with the server message when the validation is refused', async () => {
    venues({ to_validate: [venue()] });
    server.use(
      http.put('*/api/admin/venues/:id/validation', () =>
        HttpResponse.json({ error: 'admin.errors.venue_not_published', message: 'This venue is a draft' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<VenuesRoute />, '/admin/venues');
    await user.click(within(await screen.findByTestId('admin-venue')).getByRole('button', { name: 'Validate' }));
    const dialog = screen.getByRole('dialog', { name: 'Validate this venue?' });
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This venue is a draft');
  });

  it('switches lists with the tabs; a validated venue can be withdrawn, a draft cannot be validated', async () => {
    const calls = venues({
      to_validate: [],
      validated: [venue({ id: 'v-2', isValidated: true, validatedAt: '2026-05-21T08:00:00Z', publicUrl: 'https://fr.noces.test/v/chateau-du-lac' })],
      all: [venue({ id: 'v-3', name: 'Grange', isPublished: false, photos: [], features: [], minPrice: 0, maxPrice: 0 })],
    });
    let sent: unknown = null;
    server.use(
      http.put('*/api/admin/venues/:id/validation', async ({ request, params }) => {
        sent = { id: params.id, ...(await request.json() as object) };
        return HttpResponse.json(venue({ id: 'v-2', isValidated: false }));
      }),
    );
    const user = userEvent.setup();
    const { router } = renderAdmin(<VenuesRoute />, '/admin/venues');
    expect(await screen.findByText('No venue is waiting for validation')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Validated' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=validated'));
    const card = await screen.findByTestId('admin-venue');
    expect(within(card).getByRole('link', { name: /Open the public page/ })).toHaveAttribute('href', 'https://fr.noces.test/v/chateau-du-lac');
    await user.click(within(card).getByRole('button', { name: 'Withdraw validation' }));
    await user.click(within(screen.getByRole('dialog', { name: "Withdraw this venue's validation?" })).getByRole('button', { name: 'Withdraw validation' }));
    expect(await screen.findByText('“Château du Lac” is no longer validated')).toBeInTheDocument();
    expect(sent).toEqual({ id: 'v-2', validated: false });

    await user.click(screen.getByRole('tab', { name: 'All' }));
    const draft = await screen.findByTestId('admin-venue');
    expect(within(draft).getByRole('button', { name: 'Validate' })).toBeDisabled();
    expect(draft).toHaveTextContent('A draft can be validated once its owner publishes it.');
    expect(within(draft).getByTestId('venue-no-photos')).toHaveTextContent('No photos yet');
    expect(draft).toHaveTextContent('Price rangeNot given');
    expect(calls.slice(0, 2)).toEqual(['?status=to_validate&page=1', '?status=validated&page=1']);
    expect(calls.at(-1)).toBe('?status=all&page=1');
  });
});
