import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { CompanyAddressPage } from '@/features/company/components/company-address-page';
import { CompanyDetailsPage } from '@/features/company/components/company-details-page';
import { CompanyServicesPage } from '@/features/company/components/company-services-page';
import { SnackbarProvider } from '@/components/ui/snackbar-provider';
import { setTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';

function renderPage(page: ReactNode) {
  setTokens('access', 'refresh');
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SnackbarProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const details = {
  countryCode: 'FR',
  name: 'Atelier Lumière',
  siret: '73282932000074',
  siretStatus: 'active',
  webSite: '',
  dateOfCreation: '2015-06-01',
};

const services = {
  langues: [4],
  prestations: [{ id: 4, type: 'FULL_PLANNING', label: 'Full planning' }],
  prestationDetails: [{ prestationId: 4, description: 'All of it.', budgetStartingFrom: 3500, isDescriptionVisible: true, isBudgetVisible: true }],
};

beforeEach(() => {
  server.use(
    http.get('*/api/me', () => new HttpResponse(null, { status: 204 })),
    http.get('*/api/prestations', () =>
      HttpResponse.json({
        prestations: [
          { id: 4, type: 'FULL_PLANNING', label: 'Full planning' },
          { id: 7, type: 'SECULAR_CEREMONY', label: 'Secular ceremony' },
        ],
      }),
    ),
    http.get('*/api/langues', () => HttpResponse.json({ langues: [{ id: 2, label: 'English' }, { id: 4, label: 'French' }] })),
  );
});

describe('the company details page', () => {
  it('shows the saved SIRET status without asking the register, and saves the website', async () => {
    let body: unknown = null;
    let checks = 0;
    server.use(
      http.get('*/api/company/details', () => HttpResponse.json(details)),
      http.get('*/api/siren/siret', () => {
        checks += 1;
        return HttpResponse.json({ exists: true, isActive: true, status: 'active' });
      }),
      http.post('*/api/company/details', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...details, webSite: 'https://atelier.fr' });
      }),
    );
    const user = userEvent.setup();
    renderPage(<CompanyDetailsPage />);
    expect(await screen.findByLabelText(/^Company name/)).toHaveValue('Atelier Lumière');
    expect(screen.getByTestId('siret-status')).toHaveTextContent('SIRET verified: the company is active');
    await user.type(screen.getByLabelText(/^Website/), 'atelier.fr');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Your changes have been saved');
    expect(body).toEqual({ name: 'Atelier Lumière', siret: '73282932000074', webSite: 'atelier.fr', dateOfCreation: '2015-06-01' });
    await waitFor(() => expect(screen.getByLabelText(/^Website/)).toHaveValue('https://atelier.fr'));
    expect(checks).toBe(0);
  }, 30_000);

  it("asks a Belgian company for its enterprise number, not a SIRET, and keeps Save disabled without a name", async () => {
    server.use(http.get('*/api/company/details', () => HttpResponse.json({ ...details, countryCode: 'BE', siret: '0403170701', siretStatus: 'unknown' })));
    const user = userEvent.setup();
    renderPage(<CompanyDetailsPage />);
    await screen.findByLabelText(/^Company name/);
    expect(screen.queryByLabelText(/SIRET/)).toBeNull();
    const number = screen.getByLabelText(/^Enterprise number \(BCE\/KBO\)/);
    expect(number).toHaveValue('0403170701');
    await user.clear(number);
    await user.type(number, '0403170702');
    await user.tab();
    expect(await screen.findByText(/A Belgian enterprise number is 10 digits/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(number);
    await user.type(number, '0403.170.701');
    await user.clear(screen.getByLabelText(/^Company name/));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("says 'Error while saving' and puts the server's field errors under their fields", async () => {
    server.use(
      http.get('*/api/company/details', () => HttpResponse.json(details)),
      http.post('*/api/company/details', () =>
        HttpResponse.json(
          { error: 'errors.validation', message: '', fields: { webSite: 'validation.website_invalid' } },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<CompanyDetailsPage />);
    await user.type(await screen.findByLabelText(/^Website/), 'atelier.fr');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Error while saving');
    expect(screen.getByLabelText(/^Website/)).toHaveAccessibleDescription('Invalid website address');
  });

  it('shows the loading toast when the company cannot be loaded', async () => {
    server.use(http.get('*/api/company/details', () => HttpResponse.json({ error: 'company.errors.not_found', message: '' }, { status: 404 })));
    renderPage(<CompanyDetailsPage />);
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Error while loading your company information');
  });
});

describe('the company address page', () => {
  it('says only the city is public', async () => {
    server.use(
      http.get('*/api/company/address', () =>
        HttpResponse.json({ zipcode: '69002', city: 'Lyon', countryCode: 'FR', countryLabel: 'France', latitude: 45.75, longitude: 4.83 }),
      ),
    );
    renderPage(<CompanyAddressPage />);
    expect(await screen.findByTestId('address-privacy')).toHaveTextContent('Only your city is shown on your public profile');
    expect(screen.getByLabelText(/^City/)).toHaveValue('Lyon');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('the company services page', () => {
  it('adds a card per chosen service (both switches on) and saves descriptions and budgets', async () => {
    let body: unknown = null;
    server.use(
      http.get('*/api/company/services', () => HttpResponse.json(services)),
      http.post('*/api/company/services', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(services);
      }),
    );
    const user = userEvent.setup();
    renderPage(<CompanyServicesPage />);
    const full = await screen.findByRole('region', { name: 'Full planning' });
    expect(within(full).getByLabelText('Description', { selector: 'textarea' })).toHaveValue('All of it.');
    expect(within(full).getByLabelText(/^Starting budget/)).toHaveValue('3500');

    await user.click(screen.getByRole('combobox', { name: /Services offered/ }));
    await user.click(await screen.findByRole('option', { name: 'Secular ceremony' }));
    await user.keyboard('{Escape}');
    const secular = await screen.findByRole('region', { name: 'Secular ceremony' });
    expect(within(secular).getByRole('switch', { name: /Show the description/ })).toBeChecked();
    expect(within(secular).getByRole('switch', { name: /Show the budget/ })).toBeChecked();
    await user.type(within(secular).getByLabelText(/^Starting budget/), '-5');
    await user.tab();
    expect(await within(secular).findByText('The budget must be a whole number of euros, from 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(within(secular).getByLabelText(/^Starting budget/));
    await user.type(within(secular).getByLabelText(/^Starting budget/), '800');
    await user.type(within(secular).getByLabelText('Description', { selector: 'textarea' }), 'A ceremony that looks like you.');
    await user.click(within(secular).getByRole('switch', { name: /Show the budget/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Your changes have been saved');
    expect(body).toEqual({
      langues: [4],
      prestations: [4, 7],
      prestationDetails: [
        { prestationId: 4, description: 'All of it.', budgetStartingFrom: 3500, isDescriptionVisible: true, isBudgetVisible: true },
        { prestationId: 7, description: 'A ceremony that looks like you.', budgetStartingFrom: 800, isDescriptionVisible: true, isBudgetVisible: false },
      ],
    });
  }, 30_000);
});
