import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProtectedRoute } from '@/app/guards/route-guards';
import { OnboardingWizard } from '@/features/company/components/onboarding-wizard';
import { queryKeys } from '@/lib/query-keys';
import { setTokens } from '@/lib/auth/token-storage';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRouter } from '@/test/render-router';

function Arrival() {
  const location = useLocation();
  return <p data-testid="arrival">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

const newcomer = makeUser({ hasFinishedOnboarding: false, isModerated: false });

function renderWizard() {
  setTokens('access', 'refresh');
  const client = createQueryClient();
  client.setQueryData(queryKeys.me, newcomer);
  const router = createMemoryRouter(
    [
      {
        element: <ProtectedRoute />,
        children: [
          { path: '/onboarding', element: <OnboardingWizard /> },
          { path: '/dashboard', element: <Arrival /> },
          { path: '/', element: <Arrival /> },
        ],
      },
    ],
    { initialEntries: ['/onboarding'] },
  );
  renderRouter(client, router);
  return router;
}

/** Types a valid Belgian enterprise number (as on an invoice: prefix, dots) in step 3. */
async function enterNumber(user: ReturnType<typeof userEvent.setup>) {
  const field = screen.getByLabelText(/^Enterprise number \(BCE\/KBO\)/);
  await user.clear(field);
  await user.type(field, 'BE 0403.170.701');
}

const brussels = { zipcode: '1000', city: 'Bruxelles', countrycode: 'BE', country: 'Belgium', lat: 50.8466, lng: 4.3528 };
let searches: string[] = [];
let finished: unknown = null;

beforeEach(() => {
  searches = [];
  finished = null;
  server.use(
    http.get('*/api/address/search', ({ request }) => {
      searches.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json([brussels]);
    }),
    http.get('*/api/prestations', () =>
      HttpResponse.json({ prestations: [{ id: 4, type: 'FULL_PLANNING', label: 'Full planning' }, { id: 7, type: 'SECULAR_CEREMONY', label: 'Secular ceremony' }] }),
    ),
    http.get('*/api/langues', () => HttpResponse.json({ langues: [{ id: 2, label: 'English' }, { id: 6, label: 'Dutch' }] })),
    http.get('*/api/me', () => HttpResponse.json({ ...newcomer, hasFinishedOnboarding: true })),
  );
});

async function fillCompany(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Company name/), 'Atelier Lumière & Co');
  await user.type(screen.getByLabelText(/^Creation date/), '2015-06-01');
}

async function pickBrussels(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: /Search for your town/ }), 'Brux');
  await user.click(await screen.findByRole('option', { name: /Bruxelles/ }));
}

async function chooseOptions(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /Services offered/ }));
  await user.click(await screen.findByRole('option', { name: 'Full planning' }));
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('combobox', { name: /^Languages/ }));
  await user.click(await screen.findByRole('option', { name: 'Dutch' }));
  await user.keyboard('{Escape}');
}

describe('the onboarding wizard', () => {
  it('enables each Next once its step is valid; an empty name shows no message', async () => {
    const user = userEvent.setup();
    renderWizard();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    await user.click(screen.getByLabelText(/^Company name/));
    await user.tab();
    expect(screen.queryByText('This field is required')).toBeNull();
    await user.type(screen.getByLabelText(/^Company name/), 'A!');
    await user.tab();
    expect(await screen.findByText("2 to 50 characters: letters, digits, spaces and - & ' . , ( ) /")).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Company name/));
    await fillCompany(user);
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);

    expect(await screen.findByRole('heading', { level: 2, name: 'Where are you based?' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await pickBrussels(user);
    expect(searches).toEqual(['Brux']);
    expect(screen.getByLabelText(/^Postal code/)).toHaveValue('1000');
    expect(screen.getByLabelText(/^City/)).toHaveValue('Bruxelles');
    expect(screen.getByLabelText(/^Country/)).toHaveValue('BE');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());

    // Editing the city by hand forgets the position: the town must be picked again.
    await user.type(screen.getByLabelText(/^City/), 'x');
    expect(await screen.findByText('Please pick your town in the search')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await pickBrussels(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Belgium: no SIRET but the enterprise number, checked by its modulo 97; a service and a language are needed.
    await screen.findByRole('heading', { level: 2, name: 'Your services' });
    expect(screen.queryByLabelText(/SIRET/)).toBeNull();
    const finish = screen.getByRole('button', { name: 'Finish' });
    expect(finish).toBeDisabled();
    await chooseOptions(user);
    await user.type(screen.getByLabelText(/^Enterprise number \(BCE\/KBO\)/), '0403.170.702');
    await user.tab();
    expect(await screen.findByText(/A Belgian enterprise number is 10 digits/)).toBeInTheDocument();
    expect(finish).toBeDisabled();
    await enterNumber(user);
    await waitFor(() => expect(finish).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Where are you based?' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^City/)).toHaveValue('Bruxelles');
  }, 40_000);

  it('finishes with the company payload and lands on /dashboard with fromOnboarding', async () => {
    server.use(
      http.post('*/api/onboarding/finish', async ({ request }) => {
        finished = await request.json();
        return HttpResponse.json({ ...newcomer, hasFinishedOnboarding: true }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const router = renderWizard();
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await pickBrussels(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await chooseOptions(user);
    await enterNumber(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByTestId('arrival')).toHaveTextContent('/dashboard {"fromOnboarding":true}');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(finished).toEqual({
      company: {
        name: 'Atelier Lumière & Co',
        siret: 'BE 0403.170.701',
        address: { zipcode: '1000', city: 'Bruxelles', countryCode: 'BE', latitude: 50.8466, longitude: 4.3528 },
        prestations: [4],
        langues: [6],
        dateOfCreation: '2015-06-01',
      },
    });
  }, 30_000);

  it("shows onboarding.error and puts the server's field errors back on their step", async () => {
    server.use(
      http.post('*/api/onboarding/finish', () =>
        HttpResponse.json(
          {
            error: 'errors.validation',
            message: 'Some fields are not valid.',
            fields: { 'company.name': 'validation.company_name_invalid', 'company.address.zipcode': 'validation.invalid_zipcode' },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWizard();
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await pickBrussels(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await chooseOptions(user);
    await enterNumber(user);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Your profile could not be created');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your company' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company name/)).toHaveAccessibleDescription("2 to 50 characters: letters, digits, spaces and - & ' . , ( ) /");
  }, 30_000);

  it('says so when the services or languages cannot be loaded', async () => {
    server.use(http.get('*/api/prestations', () => HttpResponse.json({ error: 'x', message: '' }, { status: 404 })));
    const user = userEvent.setup();
    renderWizard();
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const snackbar = await screen.findByTestId('snackbar');
    expect(within(snackbar.parentElement ?? snackbar).getByText('Error while loading the services')).toBeInTheDocument();
  });
});
