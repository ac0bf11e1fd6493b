import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Venue } from '@/features/venues/api/get-venue';
import type { VenueCard, VenueList } from '@/features/venues/api/list-venues';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { ImagesStep } from '@/features/venues/components/images-step';
import { VenueDetailPage } from '@/features/venues/components/venue-detail-page';
import { VenueWizard } from '@/features/venues/components/venue-wizard';
import type { PendingImage } from '@/features/venues/venue-form';
import { CreateVenuePage } from '@/features/venues/components/venue-pages';
import { VenueServicesPage } from '@/features/venues/components/venue-services-page';
import { VenuesPage } from '@/features/venues/components/venues-page';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRouter } from '@/test/render-router';

/**
 * Puts text into a field with a click and a paste: one input event where
 * typing re-renders the whole wizard once per character, which made the
 * wizard's walk through its steps the slowest unit test. The walk is about
 * each step's checks, not about keystrokes.
 */
async function fillIn(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function renderAt(path: string) {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, makeUser({ roles: ['ROLE_VENUE'], country: 'FR' }));
  const Detail = () => <VenueDetailPage id="v1" />;
  const router = createMemoryRouter(
    [
      { path: '/venues', element: <VenuesPage /> },
      { path: '/venues/create', element: <CreateVenuePage /> },
      { path: '/venues/v1', element: <Detail /> },
      { path: '/venues/v1/services', element: <VenueServicesPage id="v1" /> },
      { path: '/venues/:id/edit', element: <p>edit page</p> },
      { path: '/subscription', element: <p>subscription page</p> },
    ],
    { initialEntries: [path] },
  );
  renderRouter(client, router);
  return router;
}

const card = (over: Partial<VenueCard> = {}): VenueCard => ({
  id: 'v1',
  name: 'Château de Lumière',
  slug: 'chateau-de-lumiere',
  type: 'castle',
  typeLabel: 'Castle',
  city: 'Lyon',
  countryCode: 'FR',
  isPublished: true,
  isValidated: false,
  keyImageUrl: '/media/v1-t.jpg',
  imageCount: 3,
  hasDescription: true,
  hasCapacities: true,
  hasPrices: true,
  views30d: 0,
  requestCount: 0,
  publicUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

const list = (venues: VenueCard[], over: Partial<VenueList> = {}): VenueList => ({
  venues,
  venueCount: venues.length,
  freePlanQuota: 1,
  isPremium: false,
  canAddMore: venues.length === 0,
  maxImages: 30,
  maxImageBytes: 5242880,
  ...over,
});

const venue = (over: Partial<Venue> = {}): Venue => ({
  id: 'v1',
  name: 'Château de Lumière',
  slug: 'chateau-de-lumiere',
  type: 'castle',
  typeLabel: 'Castle',
  email: 'contact@lumiere.test',
  phone: '+33612345678',
  address: '1 allée du Château',
  zipcode: '69005',
  city: 'Lyon',
  countryCode: 'FR',
  countryLabel: 'France',
  latitude: 45.76,
  longitude: 4.83,
  description: 'Un château du XVIIe siècle au-dessus de la Saône.',
  detailedDescription: '',
  seatedCapacity: 150,
  standingCapacity: 250,
  bedrooms: 12,
  minPrice: 5000,
  maxPrice: 15000,
  snFacebook: '',
  snInstagram: '',
  website: '',
  isPublished: false,
  isValidated: false,
  contactPerson: { name: 'Anne', role: 'Gérante' },
  features: { garden: true, parking: true },
  prestations: ['venue_hire'],
  prestationDetails: [{ id: 'd1', title: 'venue_hire', description: 'Le château et le parc pour le week-end.', budgetStartingFrom: 5000, isDescriptionVisible: true, isBudgetVisible: true }],
  images: [],
  videos: [],
  reviews: [],
  publicUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

beforeEach(() => {
  server.use(
    http.get('*/api/venues/types', () => HttpResponse.json({ types: [{ value: 'castle', label: 'Castle' }, { value: 'domain', label: 'Estate' }] })),
    http.get('*/api/venues/prestations', () => HttpResponse.json({ prestations: [{ slug: 'venue_hire', label: 'Venue hire' }, { slug: 'catering', label: 'Catering' }] })),
    http.get('*/api/address/search', () => HttpResponse.json([{ city: 'Lyon', zipcode: '69005', country: 'France', countrycode: 'fr', lat: 45.76, lng: 4.83 }])),
  );
});

describe('/venues', () => {
  it('invites to add the first venue when there is none', async () => {
    server.use(http.get('*/api/venues', () => HttpResponse.json(list([]))));
    renderAt('/venues');
    const empty = await screen.findByTestId('venues-empty');
    expect(within(empty).getByRole('link', { name: 'Add my first venue' })).toHaveAttribute('href', '/venues/create');
  });

  it('shows each card with its key image, type, town, status and photo count; a free owner with one venue gets the disabled Add and the way to premium', async () => {
    server.use(http.get('*/api/venues', () => HttpResponse.json(list([card(), card({ id: 'v2', name: 'Domaine des Tilleuls', keyImageUrl: null, imageCount: 1, isPublished: false, isValidated: true })]))));
    const user = userEvent.setup({ delay: null });
    const router = renderAt('/venues');
    const cards = await screen.findAllByTestId('venue-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('img', { name: 'Main photo of Château de Lumière' })).toHaveAttribute('src', '/media/v1-t.jpg');
    expect(cards[0]).toHaveTextContent('Castle · Lyon');
    expect(cards[0]).toHaveTextContent('Published');
    expect(cards[0]).toHaveTextContent('Awaiting validation');
    expect(within(cards[0]!).getByTestId('venue-photo-count')).toHaveTextContent('3 photos');
    expect(within(cards[1]!).getByTestId('venue-no-photo')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Draft');
    expect(cards[1]).toHaveTextContent('Validated');
    expect(within(cards[1]!).getByTestId('venue-photo-count')).toHaveTextContent('1 photo');
    expect(within(cards[0]!).getByRole('link', { name: 'Edit Château de Lumière' })).toHaveAttribute('href', '/venues/v1/edit');

    expect(screen.getByTestId('venue-add')).toBeDisabled();
    // The tooltip shows on keyboard focus too.
    await user.tab();
    await waitFor(() => expect(screen.getByTestId('venue-add-wrapper')).toHaveFocus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Premium is required to add more');
    await user.click(screen.getByTestId('venue-upgrade'));
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('lets a premium owner add more', async () => {
    server.use(http.get('*/api/venues', () => HttpResponse.json(list([card()], { isPremium: true, canAddMore: true }))));
    renderAt('/venues');
    expect(await screen.findByTestId('venue-add')).toHaveAttribute('href', '/venues/create');
  });
});

describe('the wizard', () => {
  it('keeps Back disabled on step 0 and moves on only when the step is valid', async () => {
    server.use(http.get('*/api/venues', () => HttpResponse.json(list([]))));
    const user = userEvent.setup({ delay: null });
    renderAt('/venues/create');
    expect(await screen.findByTestId('venue-step-title')).toHaveTextContent('General');
    expect(screen.getByTestId('venue-back')).toBeDisabled();
    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByText('Enter the name of the venue.')).toBeInTheDocument();
    expect(screen.getByText('Choose the type of venue.')).toBeInTheDocument();
    expect(screen.getByText('Enter the address.')).toBeInTheDocument();
    expect(screen.getByTestId('venue-step-title')).toHaveTextContent('General');

    // Trimmed on blur.
    const name = screen.getByLabelText(/Name of the venue/);
    await fillIn(user, name, '  Château de Lumière  ');
    await user.tab();
    expect(name).toHaveValue('Château de Lumière');
    await user.selectOptions(await screen.findByLabelText(/Type of venue/), 'castle');
    await fillIn(user, screen.getByLabelText(/E-mail/), 'contact@lumiere.test');
    await fillIn(user, screen.getByRole('textbox', { name: /Phone/ }), '06 12 34 56 78');
    await fillIn(user, screen.getByLabelText(/Street address/), '1 allée du Château');
    await fillIn(user, screen.getByTestId('address-search'), 'Lyon');
    await user.click(await screen.findByText('69005 · France'));
    expect(await screen.findByTestId('address-located')).toHaveTextContent('69005 Lyon');
    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByTestId('venue-step-title')).toHaveTextContent('Description');
    expect(screen.getByTestId('venue-back')).toBeEnabled();

    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByText('Enter the seated capacity (at least 1).')).toBeInTheDocument();
    await fillIn(user, screen.getByLabelText(/Short description/), 'Un château du XVIIe siècle au-dessus de la Saône.');
    await fillIn(user, screen.getByLabelText(/Seated guests/), '150');
    await fillIn(user, screen.getByLabelText(/Standing guests/), '250');
    await fillIn(user, screen.getByLabelText(/Lowest price/), '9000');
    await fillIn(user, screen.getByLabelText(/Highest price/), '5000');
    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByText('The highest price is at least the lowest one.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Highest price/));
    await fillIn(user, screen.getByLabelText(/Highest price/), '15000');
    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByTestId('venue-step-title')).toHaveTextContent('Features');
    await user.click(screen.getByLabelText('Garden'));
    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByTestId('venue-step-title')).toHaveTextContent('Services');
    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByText('Choose at least one service.')).toBeInTheDocument();
    await user.click(await screen.findByLabelText('Catering'));
    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByText('Describe what this service includes.')).toBeInTheDocument();
    await fillIn(user, screen.getByLabelText(/What it includes/), 'Le menu du chef, servi à table.');
    await fillIn(user, screen.getByLabelText(/Starting from/), '85');
    await user.click(screen.getByTestId('venue-next'));
    expect(await screen.findByTestId('venue-step-title')).toHaveTextContent('Photos');
    // Filling a whole venue through the steps is long on a loaded machine.
  }, 45_000);

  it('checks each photo in the browser, says why per file, and makes the first accepted one the key image', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    function Harness() {
      const [images, setImages] = useState<PendingImage[]>([]);
      return <ImagesStep images={images} onChange={setImages} maxImages={2} maxBytes={5 * 1024 * 1024} />;
    }
    render(<Harness />);
    await user.upload(screen.getByTestId('venue-images-input'), [
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }),
      new File(['x'], 'anim.gif', { type: 'image/gif' }),
      new File(['x'], 'parc.webp', { type: 'image/webp' }),
      new File(['x'], 'salle.png', { type: 'image/png' }),
      new File(['x'], 'terrasse.jpg', { type: 'image/jpeg' }),
    ]);
    const items = screen.getAllByTestId('pending-image');
    expect(items.map((item) => item.dataset.error)).toEqual(['venues.errors.image_too_large', 'venues.errors.image_format', '', '']);
    expect(items[0]).toHaveTextContent('huge.jpg: The image must not exceed 5 MB.');
    expect(items[1]).toHaveTextContent('anim.gif: Unsupported image format. Use JPEG, PNG or WebP.');
    // The limit of 2 left the fifth file out, and says so.
    expect(screen.getByTestId('venue-image-limit')).toHaveTextContent('A venue holds at most 2 photos.');
    expect(within(items[2]!).getByRole('radio', { name: 'Key image' })).toBeChecked();
    await user.click(within(items[3]!).getByRole('radio', { name: 'Key image' }));
    expect(within(items[2]!).getByRole('radio', { name: 'Key image' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Remove salle.png' }));
    expect(within(screen.getAllByTestId('pending-image')[2]!).getByRole('radio', { name: 'Key image' })).toBeChecked();
  });

  it('saves an edited venue with the last step, and a refusal takes it back to the step of the field', async () => {
    const sent: FormData[] = [];
    server.use(
      http.post('*/api/venues/v1', async ({ request }) => {
        const form = await request.formData();
        sent.push(form);
        if (sent.length === 1) {
          return HttpResponse.json({ error: 'errors.validation', message: 'Check the form.', fields: { seatedCapacity: 'venue.errors.seated_capacity_required' } }, { status: 422 });
        }
        return HttpResponse.json(venue({ name: String(form.get('name')) }));
      }),
    );
    setTokens('access', 'refresh');
    const client = createQueryClient();
    const saved: Venue[] = [];
    const router = createMemoryRouter([{ path: '/', element: <VenueWizard venue={venue()} maxImages={30} onSaved={(v) => void saved.push(v)} cancelTo="/venues" /> }]);
    renderRouter(client, router);
    const user = userEvent.setup({ delay: null });
    for (const title of ['Description', 'Features', 'Services', 'Photos', 'Videos']) {
      await user.click(await screen.findByTestId('venue-next'));
      await waitFor(() => expect(screen.getByTestId('venue-step-title')).toHaveTextContent(title));
    }
    await user.type(screen.getByTestId('venue-video-link'), 'https://example.com/v');
    await user.type(screen.getByTestId('venue-video-title'), 'Visite du parc');
    expect(screen.getByTestId('venue-video-add')).toBeDisabled();
    await user.clear(screen.getByTestId('venue-video-link'));
    await user.type(screen.getByTestId('venue-video-link'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByTestId('venue-video-add'));
    expect(screen.getAllByTestId('venue-video')).toHaveLength(1);
    await user.click(screen.getByTestId('venue-save'));
    await waitFor(() => expect(screen.getByTestId('venue-step-title')).toHaveTextContent('Description'));
    expect(await screen.findByText('Enter the seated capacity (at least 1).')).toBeInTheDocument();
    expect(JSON.parse(String(sent[0]!.get('videos')))).toEqual([{ link: 'https://youtu.be/dQw4w9WgXcQ', title: 'Visite du parc', description: '', status: true }]);
    expect(sent[0]!.get('seatedCapacity')).toBe('150');
    for (let step = 0; step < 4; step += 1) await user.click(screen.getByTestId('venue-next'));
    await user.click(await screen.findByTestId('venue-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sent).toHaveLength(2);
  }, 30_000);

  it('sends the free owner who has a venue to premium instead of the form', async () => {
    server.use(http.get('*/api/venues', () => HttpResponse.json(list([card()]))));
    renderAt('/venues/create');
    expect(await screen.findByTestId('venue-upgrade-notice')).toHaveTextContent('Premium is required');
    expect(screen.queryByTestId('venue-stepper')).toBeNull();
  });
});

describe('/venues/{id}', () => {
  it("shows the not-found state for another owner's venue", async () => {
    server.use(
      http.get('*/api/venues', () => HttpResponse.json(list([]))),
      http.get('*/api/venues/v1', () => HttpResponse.json({ error: 'venue.detail.not_found', message: 'Venue not found' }, { status: 404 })),
    );
    const user = userEvent.setup({ delay: null });
    const router = renderAt('/venues/v1');
    const state = await screen.findByTestId('venue-not-found');
    expect(within(state).getByRole('heading', { level: 1 })).toHaveTextContent('Venue not found');
    expect(state).toHaveTextContent('This venue does not exist or is not yours.');
    await user.click(within(state).getByRole('link', { name: 'Back to my venues' }));
    expect(router.state.location.pathname).toBe('/venues');
  });

  it('keeps the tab in the address, and the publish switch shows the missing fields of a refusal, then the venue the server sends', async () => {
    let published = false;
    server.use(
      http.get('*/api/venues', () => HttpResponse.json(list([card()]))),
      http.get('*/api/venues/v1', () => HttpResponse.json(venue({ isPublished: published }))),
      http.put('*/api/venues/v1/publish', async ({ request }) => {
        const body = (await request.json()) as { published: boolean };
        if (body.published && !published) {
          published = true;
          return HttpResponse.json({ error: 'venue.errors.publish_incomplete', message: 'Some fields are missing.', fields: { images: 'venue.errors.images_required' } }, { status: 422 });
        }
        return HttpResponse.json(venue({ isPublished: body.published }));
      }),
    );
    const user = userEvent.setup({ delay: null });
    const router = renderAt('/venues/v1');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Château de Lumière');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(router.state.location.search).toBe('?tab=settings');
    const toggle = within(screen.getByTestId('venue-publish')).getByRole('switch');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const refusal = await screen.findByTestId('venue-publish-error');
    expect(refusal).toHaveTextContent('Some fields are missing.');
    expect(within(refusal).getByTestId('venue-publish-missing')).toHaveTextContent('A photo');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('deletes the venue after a confirmation and returns to the list', async () => {
    let deleted = false;
    server.use(
      http.get('*/api/venues', () => HttpResponse.json(list(deleted ? [] : [card()]))),
      http.get('*/api/venues/v1', () => HttpResponse.json(venue())),
      http.delete('*/api/venues/v1', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const router = renderAt('/venues/v1?tab=settings');
    await user.click(await screen.findByTestId('venue-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Château de Lumière?' });
    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete the venue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
    expect(deleted).toBe(true);
    expect(await screen.findByTestId('venues-empty')).toBeInTheDocument();
  });

  it('lists the services with their starting budget', async () => {
    server.use(
      http.get('*/api/venues', () => HttpResponse.json(list([card()]))),
      http.get('*/api/venues/v1', () => HttpResponse.json(venue())),
    );
    renderAt('/venues/v1?tab=services');
    const service = await screen.findByTestId('venue-service');
    await waitFor(() => expect(service).toHaveTextContent('Venue hire'));
    expect(service).toHaveTextContent('From €5,000');
    expect(screen.getByRole('link', { name: 'Edit the services' })).toHaveAttribute('href', '/venues/v1/services');
  });

  it('manages the photos: upload with progress, key image, order, visibility and deletion after a confirmation', async () => {
    const image = (id: string, position: number, isKeyImage = false) => ({
      id,
      imageUrl: `/media/${id}.jpg`,
      thumbnailUrl: `/media/${id}-t.jpg`,
      width: 1200,
      height: 800,
      imageSize: 1000,
      position,
      alt: '',
      title: `Photo ${id}`,
      description: '',
      caption: '',
      isKeyImage,
      isVisible: true,
    });
    const puts: unknown[] = [];
    let deleted = '';
    server.use(
      http.get('*/api/venues', () => HttpResponse.json(list([card()]))),
      http.get('*/api/venues/v1', () => HttpResponse.json(venue({ images: [image('a', 0, true), image('b', 1)] }))),
      http.post('*/api/venues/v1/images', () => HttpResponse.json({ image: image('c', 2) }, { status: 201 })),
      http.put('*/api/venues/v1/images/:imageId', async ({ params, request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push({ id: params.imageId, ...body });
        const base = image(String(params.imageId), typeof body.position === 'number' ? body.position : 1);
        return HttpResponse.json({ ...base, ...body });
      }),
      http.delete('*/api/venues/v1/images/:imageId', ({ params }) => {
        deleted = String(params.imageId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderAt('/venues/v1?tab=photos');
    expect(await screen.findByText('2 photos of 30')).toBeInTheDocument();
    await user.upload(screen.getByTestId('venue-photos-input'), [new File(['x'], 'salle.jpg', { type: 'image/jpeg' }), new File(['x'], 'plan.gif', { type: 'image/gif' })]);
    expect(await screen.findByText('plan.gif: Unsupported image format. Use JPEG, PNG or WebP.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('venue-photo')).toHaveLength(3));
    expect(screen.getByText('3 photos of 30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make photo 2 the key image' }));
    await waitFor(() => expect(puts).toContainEqual({ id: 'b', isKeyImage: true }));
    await waitFor(() => expect(within(screen.getAllByTestId('venue-photo')[1]!).getByText('Key image')).toBeInTheDocument());
    expect(within(screen.getAllByTestId('venue-photo')[0]!).queryByText('Key image')).toBeNull();

    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    await waitFor(() => expect(puts).toContainEqual({ id: 'a', position: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('venue-photo')[0]).toHaveTextContent('Photo b'));

    await user.click(within(screen.getAllByTestId('venue-photo')[2]!).getByRole('switch'));
    await waitFor(() => expect(puts).toContainEqual({ id: 'c', isVisible: false }));

    await user.click(screen.getByRole('button', { name: 'Delete photo 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(deleted).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe('c'));
    await waitFor(() => expect(screen.getAllByTestId('venue-photo')).toHaveLength(2));
  }, 30_000);

  it('adds a video through the update with the whole set, and shows a refusal on its video', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/venues', () => HttpResponse.json(list([card()]))),
      http.get('*/api/venues/v1', () => HttpResponse.json(venue({ videos: [{ id: 'v1', link: 'https://vimeo.com/76979871', title: 'Le parc', description: '', status: true, thumbnailUrl: null }] }))),
      http.post('*/api/venues/v1', async ({ request }) => {
        const form = await request.formData();
        const videos = JSON.parse(String(form.get('videos'))) as { link: string }[];
        sent.push({ keys: [...form.keys()], videos });
        if (videos.length > 2) return HttpResponse.json({ error: 'errors.validation', message: 'Check the videos.', fields: { 'videos[2].title': 'venue.errors.too_many_videos' } }, { status: 422 });
        return HttpResponse.json(venue({ videos: videos.map((video, index) => ({ id: `v${index + 1}`, link: video.link, title: 'Vidéo', description: '', status: true, thumbnailUrl: null })) }));
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/venues/v1?tab=videos');
    await screen.findAllByTestId('venue-video');
    await user.type(screen.getByTestId('venue-video-link'), 'https://youtu.be/dQw4w9WgXcQ');
    await user.type(screen.getByTestId('venue-video-title'), 'La grange');
    await user.click(screen.getByTestId('venue-video-add'));
    await waitFor(() => expect(screen.getAllByTestId('venue-video')).toHaveLength(2));
    expect(sent[0]).toEqual({
      keys: ['videos'],
      videos: [
        { id: 'v1', link: 'https://vimeo.com/76979871', title: 'Le parc', description: '', status: true },
        { link: 'https://youtu.be/dQw4w9WgXcQ', title: 'La grange', description: '', status: true },
      ],
    });
    await user.type(screen.getByTestId('venue-video-link'), 'https://youtu.be/aaaaaaaaaaa');
    await user.type(screen.getByTestId('venue-video-title'), 'Le dîner');
    await user.click(screen.getByTestId('venue-video-add'));
    expect(await screen.findByText('A venue has 20 videos at most.')).toBeInTheDocument();
  }, 30_000);

  it('/venues/{id}/services saves only the services and their details', async () => {
    const sent: FormData[] = [];
    server.use(
      http.get('*/api/venues/v1', () => HttpResponse.json(venue())),
      http.post('*/api/venues/v1', async ({ request }) => {
        const form = await request.formData();
        sent.push(form);
        return HttpResponse.json(venue({ prestations: JSON.parse(String(form.get('prestations'))) as string[] }));
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/venues/v1/services');
    const catering = await screen.findByRole('checkbox', { name: 'Catering' });
    expect(screen.getByRole('checkbox', { name: 'Venue hire' })).toBeChecked();
    await user.click(catering);
    await user.click(screen.getByTestId('venue-services-save'));
    expect(await screen.findByText('Describe what this service includes.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    const detail = screen.getByTestId('detail-catering');
    await user.type(within(detail).getByLabelText(/What it includes/), 'Le menu du chef, servi à table.');
    await user.type(within(detail).getByLabelText(/Starting from/), '85');
    await user.click(screen.getByTestId('venue-services-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect([...sent[0]!.keys()]).toEqual(['prestations', 'prestationDetails']);
    expect(JSON.parse(String(sent[0]!.get('prestationDetails')))).toEqual([
      { id: 'd1', title: 'venue_hire', description: 'Le château et le parc pour le week-end.', budgetStartingFrom: 5000, isDescriptionVisible: true, isBudgetVisible: true },
      { title: 'catering', description: 'Le menu du chef, servi à table.', budgetStartingFrom: 85, isDescriptionVisible: true, isBudgetVisible: true },
    ]);
  }, 30_000);
});
