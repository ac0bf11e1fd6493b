import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Portfolio } from '@/features/portfolios/api/get-portfolio';
import type { PortfolioList } from '@/features/portfolios/api/list-portfolios';
import { EditPortfolioPage, NewPortfolioPage } from '@/features/portfolios/components/portfolio-edit-pages';
import { PortfolioDetailPage } from '@/features/portfolios/components/portfolio-detail-page';
import { PortfoliosPage } from '@/features/portfolios/components/portfolios-page';
import { budgetRule, descriptionRule, guestsRule, titleRule, weddingDateRule } from '@/features/portfolios/portfolio-rules';
import { SnackbarProvider } from '@/components/ui/snackbar-provider';
import { setTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';

function renderAt(path: string, routes: ReactNode) {
  setTokens('access', 'refresh');
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes}
            <Route path="/subscription" element={<p>Subscription page</p>} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const image = (id: string, isKeyImage = false) => ({ id, imageUrl: `/media/${id}.jpg`, thumbUrl: `/media/${id}-t.jpg`, width: 1200, height: 800, caption: '', isKeyImage });

const portfolio = (over: Partial<Portfolio> = {}): Portfolio => ({
  id: 'p1',
  title: 'Claire et Malik',
  description: 'Un mariage de juin sur les quais de Bordeaux, pour cent dix invités.',
  weddingDate: '2025-06-21',
  totalBudget: 38000,
  plannerBudget: 4200,
  numberOfGuests: 110,
  location: 'Bordeaux',
  city: 'Bordeaux',
  postalCode: '33000',
  countryCode: 'FR',
  latitude: 44.84,
  longitude: -0.58,
  style: 'Bohème',
  isBudgetHidden: true,
  isPublished: false,
  prestations: [],
  totalViews: null,
  images: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

const list = (over: Partial<PortfolioList> = {}): PortfolioList => ({
  portfolios: [],
  portfolioCount: 0,
  freePlanQuota: 1,
  isPremium: false,
  canAddMore: true,
  maxImageBytes: 5 << 20,
  maxImages: 50,
  maxFilesPerUpload: 10,
  minImageSide: 360,
  ...over,
});

beforeEach(() => {
  server.use(
    http.get('*/api/prestations', () => HttpResponse.json({ prestations: [{ id: 4, label: 'Full planning' }] })),
    http.get('*/api/address/search', () =>
      HttpResponse.json([{ city: 'Bordeaux', zipcode: '33000', country: 'France', countrycode: 'fr', lat: 44.84, lng: -0.58 }]),
    ),
  );
});

describe('the portfolio rules', () => {
  it('are the server’s', () => {
    expect(titleRule('  ')).toBe('portfolios.errors.title_required');
    expect(titleRule('ab')).toBe('portfolios.errors.title_length');
    expect(titleRule('Mariage')).toBeNull();
    expect(descriptionRule('Trop court')).toBe('portfolios.errors.description_length');
    expect(weddingDateRule('', new Date(2026, 0, 10))).toBe('portfolios.errors.wedding_date_required');
    expect(weddingDateRule('2026-01-11', new Date(2026, 0, 10))).toBe('portfolios.errors.wedding_date_invalid');
    expect(weddingDateRule('2026-01-10', new Date(2026, 0, 10))).toBeNull();
    expect(weddingDateRule('1949-12-31', new Date(2026, 0, 10))).toBe('portfolios.errors.wedding_date_invalid');
    expect(guestsRule('0')).toBe('portfolios.errors.guests_invalid');
    expect(guestsRule('12.5')).toBe('portfolios.errors.guests_invalid');
    expect(guestsRule('120')).toBeNull();
    expect(budgetRule('')).toBeNull();
    expect(budgetRule('-5')).toBe('portfolios.errors.budget_invalid');
    expect(budgetRule('100000001')).toBe('portfolios.errors.budget_invalid');
  });
});

describe('the portfolio list', () => {
  it('shows the upgrade prompt instead of the create button once a free plan holds its one portfolio', async () => {
    server.use(http.get('*/api/portfolios', () => HttpResponse.json(list({ portfolios: [portfolio()], portfolioCount: 1, canAddMore: false }))));
    renderAt('/portfolios', <Route path="/portfolios" element={<PortfoliosPage />} />);
    const prompt = await screen.findByTestId('portfolio-upgrade');
    expect(prompt).toHaveTextContent('Your free plan includes 1 portfolio');
    expect(within(prompt).getByRole('link', { name: 'Go premium' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('link', { name: 'New portfolio' })).not.toBeInTheDocument();
    expect(screen.getByTestId('portfolio-views-teaser')).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-card')).toHaveTextContent('Not published');
    expect(screen.getByTestId('portfolio-card')).toHaveTextContent('21 June 2025');
  });

  it('deletes a portfolio after a confirmation, with the list’s snackbar', async () => {
    let deleted = '';
    let portfolios = [portfolio({ isPublished: true, totalViews: 12, images: [image('i1', true)] })];
    server.use(
      http.get('*/api/portfolios', () => HttpResponse.json(list({ portfolios, portfolioCount: portfolios.length, isPremium: true }))),
      http.get('*/api/statistics/portfolio-views', () => HttpResponse.json({ success: true, data: [] })),
      http.delete('*/api/portfolios/:id', ({ params }) => {
        deleted = String(params.id);
        portfolios = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/portfolios', <Route path="/portfolios" element={<PortfoliosPage />} />);
    expect(await screen.findByTestId('portfolio-card-views')).toHaveTextContent('Views: 12');
    expect(screen.getByRole('link', { name: 'New portfolio' })).toHaveAttribute('href', '/portfolios/new');
    await user.click(screen.getByRole('button', { name: 'Delete Claire et Malik' }));
    const dialog = await screen.findByRole('dialog');
    expect(deleted).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('The portfolio has been deleted.');
    expect(deleted).toBe('p1');
    expect(await screen.findByText('Show the weddings you planned')).toBeInTheDocument();
  });
});

describe('the portfolio form', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, description: string) {
    await user.type(screen.getByLabelText(/^Title/), 'Claire et Malik');
    await user.type(screen.getByLabelText(/^Description/), description);
    await user.type(screen.getByLabelText(/^Wedding date/), '2025-06-21');
    await user.type(screen.getByLabelText(/^Number of guests/), '110');
    await user.type(screen.getByRole('combobox', { name: /^Place/ }), 'Bordeaux');
    await user.click(await screen.findByRole('option', { name: /Bordeaux/ }));
    await user.type(screen.getByLabelText(/^Style/), 'Bohème');
  }

  it('starts with the budgets hidden, waits for a valid form, and shows a copied description refused on its field', { timeout: 40_000 }, async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/portfolios', () => HttpResponse.json(list())),
      http.post('*/api/portfolios', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { error: 'errors.validation', message: 'Some fields are not valid.', fields: { description: 'portfolio.errors.duplicate_text' } },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAt('/portfolios/new', <Route path="/portfolios/new" element={<NewPortfolioPage />} />);
    const save = await screen.findByRole('button', { name: 'Create the portfolio' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Hide the budgets/ })).toBeChecked();
    await fill(user, 'Un mariage de juin sur les quais de Bordeaux, pour cent dix invités.');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('This description is already used elsewhere: write an original text of your own')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([
      {
        title: 'Claire et Malik',
        description: 'Un mariage de juin sur les quais de Bordeaux, pour cent dix invités.',
        weddingDate: '2025-06-21',
        totalBudget: 0,
        plannerBudget: 0,
        numberOfGuests: 110,
        location: 'Bordeaux',
        city: 'Bordeaux',
        postalCode: '33000',
        countryCode: 'FR',
        latitude: 44.84,
        longitude: -0.58,
        style: 'Bohème',
        isBudgetHidden: true,
        prestations: [],
      },
    ]);
  });

  it('shows the upgrade prompt, not the form, when the plan allows no other portfolio', async () => {
    server.use(http.get('*/api/portfolios', () => HttpResponse.json(list({ canAddMore: false, portfolioCount: 1 }))));
    renderAt('/portfolios/new', <Route path="/portfolios/new" element={<NewPortfolioPage />} />);
    expect(await screen.findByTestId('portfolio-upgrade')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create the portfolio' })).not.toBeInTheDocument();
  });
});

describe('the edit page', () => {
  it('reuses the form, filled, and saves with PUT before going back to the portfolio', { timeout: 40_000 }, async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/portfolios/p1', () => HttpResponse.json(portfolio({ isBudgetHidden: false, prestations: [{ id: 4, label: 'Full planning' }] }))),
      http.put('*/api/portfolios/p1', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(portfolio({ ...(body as Partial<Portfolio>), prestations: [{ id: 4, label: 'Full planning' }] }));
      }),
    );
    const user = userEvent.setup();
    renderAt(
      '/portfolios/p1/edit',
      <>
        <Route path="/portfolios/:id/edit" element={<EditPortfolioPage id="p1" />} />
        <Route path="/portfolios/:id" element={<p>Portfolio page</p>} />
      </>,
    );
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveValue('Claire et Malik');
    expect(screen.getByRole('combobox', { name: /^Place/ })).toHaveValue('Bordeaux');
    expect(screen.getByRole('switch', { name: /Hide the budgets/ })).not.toBeChecked();
    expect(screen.getByLabelText(/^Total budget/)).toHaveValue('38000');
    await user.clear(title);
    await user.type(title, 'Claire et Malik à Bordeaux');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Portfolio page')).toBeInTheDocument();
    expect(body).toMatchObject({ title: 'Claire et Malik à Bordeaux', isBudgetHidden: false, totalBudget: 38000, prestations: [4], latitude: 44.84 });
  });
});

describe('the portfolio page', () => {
  function renderDetail() {
    renderAt('/portfolios/p1', <Route path="/portfolios/:id" element={<PortfolioDetailPage id="p1" />} />);
  }

  it('will not publish without a photo and says why', async () => {
    server.use(
      http.get('*/api/portfolios', () => HttpResponse.json(list())),
      http.get('*/api/portfolios/p1', () => HttpResponse.json(portfolio())),
    );
    renderDetail();
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription('Add at least one photo to publish it.');
  });

  it('refuses files of another format by name, before sending anything', async () => {
    server.use(
      http.get('*/api/portfolios', () => HttpResponse.json(list())),
      http.get('*/api/portfolios/p1', () => HttpResponse.json(portfolio())),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderDetail();
    await screen.findByRole('button', { name: 'Add photos' });
    await user.upload(screen.getByTestId('photo-input'), [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })]);
    const refusals = await screen.findByTestId('upload-refusals');
    expect(refusals).toHaveTextContent('anim.gif');
    expect(refusals).toHaveTextContent('Unsupported image format: use JPEG, PNG or WebP');
  });

  it('saves a caption 2 s after the last keystroke, once', async () => {
    const captions: string[] = [];
    server.use(
      http.get('*/api/portfolios', () => HttpResponse.json(list())),
      http.get('*/api/portfolios/p1', () => HttpResponse.json(portfolio({ images: [image('i1', true), image('i2')] }))),
      http.put('*/api/portfolios/p1/images/:imageId/caption', async ({ request, params }) => {
        const { caption } = (await request.json()) as { caption: string };
        captions.push(`${String(params.imageId)}:${caption}`);
        return HttpResponse.json({ ...image(String(params.imageId)), caption });
      }),
    );
    const user = userEvent.setup();
    renderDetail();
    const field = await screen.findByLabelText('Caption of photo 2');
    await user.type(field, 'Le dîner');
    expect(screen.getAllByTestId('caption-status')[1]).toHaveTextContent('Not saved yet');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(captions).toEqual([]);
    await waitFor(() => expect(screen.getAllByTestId('caption-status')[1]).toHaveTextContent('Saved'), { timeout: 4_000 });
    expect(captions).toEqual(['i2:Le dîner']);
  });

  it('shows the public link with open and copy once published', async () => {
    server.use(
      http.get('*/api/portfolios', () => HttpResponse.json(list({ isPremium: true }))),
      http.get('*/api/portfolios/p1', () => HttpResponse.json(portfolio({ isPublished: true, images: [image('i1', true)] }))),
      http.get('*/api/portfolios/p1/public-url', () => HttpResponse.json({ url: 'https://fr.noces.test/p/atelier/portfolio/p1' })),
      http.get('*/api/statistics/portfolio-views', () => HttpResponse.json({ success: true, data: [] })),
    );
    renderDetail();
    expect(await screen.findByTestId('public-url')).toHaveTextContent('https://fr.noces.test/p/atelier/portfolio/p1');
    expect(screen.getByTestId('open-public')).toHaveAttribute('href', 'https://fr.noces.test/p/atelier/portfolio/p1');
    expect(screen.getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeEnabled();
  });
});
