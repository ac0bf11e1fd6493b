import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from '@/app/guards/route-guards';
import type { Gallery, GalleryImage } from '@/features/photos/api/get-images';
import { ImagesPage } from '@/features/photos/components/images-page';
import { uploadErrorText } from '@/features/photos/components/upload-errors';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRouter } from '@/test/render-router';

function photo(n: number, overrides: Partial<GalleryImage> = {}): GalleryImage {
  return {
    id: `p${n}`,
    url: `/media/images/p${n}.jpg`,
    thumbUrl: `/media/images/p${n}-thumb.jpg`,
    width: 1200,
    height: 800,
    title: `Photo ${n}`,
    description: `La description de la photo ${n}.`,
    isVisible: true,
    createdAt: '2026-05-01T10:00:00Z',
    views: null,
    ...overrides,
  };
}

function gallery(count: number, overrides: Partial<Gallery> = {}): Gallery {
  const images = Array.from({ length: count }, (_, i) => photo(i + 1));
  return { images, imageCount: count, freePlanQuota: 10, isPremium: false, canAddMore: count < 10, maxUploadBytes: 10 << 20, ...overrides };
}

const readSize = async () => ({ width: 1600, height: 1200 });
const crop = async () => new Blob(['jpeg'], { type: 'image/jpeg' });

function renderImages(reply: Gallery) {
  setTokens('access', 'refresh');
  server.use(
    http.get('*/api/images', () => HttpResponse.json(reply)),
    http.get('*/api/me', () => HttpResponse.json(makeUser())),
  );
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, makeUser());
  const router = createMemoryRouter(
    [
      { element: <ProtectedRoute />, children: [{ path: '/images', element: <ImagesPage readSize={readSize} crop={crop} /> }] },
      { path: '/login', element: <p>login page</p> },
      { path: '/subscription', element: <p>subscription page</p> },
    ],
    { initialEntries: ['/images'] },
  );
  renderRouter(client, router);
  return { client, router };
}

describe('the gallery', () => {
  it('shows the free quota and, at the quota, no add button but the way to Premium', async () => {
    const { router } = renderImages(gallery(10));
    const reached = await screen.findByTestId('quota-reached');
    expect(reached).toHaveTextContent('You have used the 10 photos of the free plan');
    expect(screen.getByText('10 of 10 photos on the free plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add photos' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(reached).getByRole('link', { name: 'Go Premium' }));
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('shows each photo’s views on premium and a teaser on the free plan', async () => {
    renderImages(gallery(2, { isPremium: true, images: [photo(1, { views: 1234 }), photo(2, { views: 0 })] }));
    const views = await screen.findAllByTestId('photo-views');
    expect(views.map((v) => v.textContent)).toEqual(['Views: 1,234', 'Views: 0']);
    expect(screen.queryByTestId('views-teaser')).not.toBeInTheDocument();
  });

  it('refuses a file of another format at once and opens the crop step for the others, no more than the quota leaves', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderImages(gallery(9));
    await screen.findByText('9 of 10 photos on the free plan');
    await user.upload(screen.getByTestId('gallery-input'), [
      new File(['x'], 'notes.bmp', { type: 'image/bmp' }),
      new File(['x'], 'one.png', { type: 'image/png' }),
      new File(['x'], 'two.png', { type: 'image/png' }),
    ]);
    const step = await screen.findByRole('dialog', { name: 'Frame and describe one.png' });
    const errors = screen.getAllByTestId('upload-error').map((e) => e.textContent);
    expect(errors).toEqual([
      'Invalid format: choose a PNG, JPEG, GIF or WEBP image',
      'The free plan holds 10 photos: this one was not added. Go Premium to add more.',
    ]);
    // Title and description are required, with the server's minimums.
    await user.type(within(step).getByLabelText(/Title/), 'ab');
    await user.type(within(step).getByLabelText(/Description/), 'court');
    await user.tab();
    expect(within(step).getByText('The title must have 3 to 100 characters')).toBeInTheDocument();
    expect(within(step).getByText('The description must have 10 to 1,000 characters')).toBeInTheDocument();
  });

  it('asks before deleting a photo, then removes it', async () => {
    let deleted = '';
    server.use(
      http.delete('*/api/images/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderImages(gallery(2));
    await user.click(await screen.findByRole('button', { name: 'Delete Photo 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(deleted).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the photo' }));
    expect(await screen.findByText('The photo has been deleted')).toBeInTheDocument();
    expect(deleted).toBe('p2');
  });

  it('moves a photo with the keyboard and saves the order', async () => {
    let order: unknown = null;
    server.use(
      http.put('*/api/images/order', async ({ request }) => {
        order = await request.json();
        const g = gallery(3);
        return HttpResponse.json({ ...g, images: [g.images[1], g.images[0], g.images[2]] });
      }),
    );
    const user = userEvent.setup();
    renderImages(gallery(3));
    const handle = await screen.findByRole('button', { name: 'Move Photo 1, photo 1' });
    // dnd-kit measures the cards: give them places in a row.
    for (const [i, card] of screen.getAllByTestId('gallery-photo').entries()) {
      card.getBoundingClientRect = () => ({ x: i * 250, y: 0, left: i * 250, top: 0, right: i * 250 + 230, bottom: 300, width: 230, height: 300, toJSON: () => ({}) });
    }
    handle.focus();
    await user.keyboard(' ');
    await new Promise((r) => setTimeout(r, 50));
    await user.keyboard('{ArrowRight}');
    await new Promise((r) => setTimeout(r, 50));
    await user.keyboard(' ');
    await screen.findByRole('button', { name: 'Move Photo 1, photo 2' });
    expect(order).toEqual({ imageIds: ['p2', 'p1', 'p3'] });
  });
});

describe('upload errors', () => {
  const text = (error: unknown) => uploadErrorText(error, i18n);

  it('names the transport failures and the statuses that say it all', () => {
    expect(text(new ApiError(0, 'timeout', ''))).toBe('The upload took more than 30 seconds. Check your connection and try again.');
    expect(text(new ApiError(413, 'photos.upload.error.too_large', 'Trop grande'))).toBe('The image is too large (10 MB at most)');
    expect(text(new ApiError(415, 'photos.upload.error.invalid_format', ''))).toBe('Invalid format: choose a PNG, JPEG, GIF or WEBP image');
    expect(text(new ApiError(500, 'errors.internal', ''))).toBe('The photo could not be saved. Please try again later.');
    expect(text(new Error('boom'))).toBe('The photo could not be sent. Please try again.');
  });

  it('puts the server’s message first, then each refused field, one per line', () => {
    const refusal = new ApiError(422, 'errors.validation', 'Some fields are not valid.', {
      title: 'photos.errors.title_length',
      description: 'photos.errors.description_required',
    });
    expect(text(refusal)).toBe('The title must have 3 to 100 characters\nThe description is required');
    const own = new ApiError(422, 'images.errors.too_many_pixels', 'The image measures 9000 × 9000 pixels.', { image: 'images.errors.too_many_pixels' });
    expect(text(own)).toBe('The image measures 9000 × 9000 pixels.');
  });
});
