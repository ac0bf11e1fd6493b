import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as PrivacyRoute } from '@/app/routes/privacy-route';
import { Component as TermsRoute } from '@/app/routes/terms-route';
import { changeLocale } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/msw-server';

const docs = {
  en: {
    title: 'Terms of use for professionals',
    lang: 'en',
    html: '<p>These terms govern the use of Noces.</p><h2>1. The service</h2><table><tr><td><code>locale</code></td></tr></table>',
  },
  fr: {
    title: "Conditions générales d'utilisation pour les professionnels",
    lang: 'fr',
    html: '<p>Les présentes conditions régissent Noces.</p>',
  },
};

function serve(asked: string[]) {
  server.use(
    http.get('*/api/legal/:page', ({ request, params }) => {
      const lang = request.headers.get('Accept-Language')?.startsWith('fr') ? 'fr' : 'en';
      asked.push(`${String(params.page)}:${lang}`);
      return HttpResponse.json({
        page: params.page,
        updated: '2026-11-26',
        publicUrl: `http://fr.localhost/legal/${String(params.page)}`,
        ...docs[lang],
      });
    }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/terms', element: <TermsRoute /> },
      { path: '/privacy', element: <PrivacyRoute /> },
      { path: '/register', element: <p>registration page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the terms route', () => {
  afterEach(async () => {
    await act(() => changeLocale('en'));
  });

  it('shows the terms of the domain in the interface language, dated, with the other pages linked', async () => {
    const asked: string[] = [];
    serve(asked);
    const router = renderAt('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use for professionals' })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(screen.getByText('Last updated: 26 November 2026')).toHaveAttribute('datetime', '2026-11-26');
    expect(screen.getByRole('heading', { level: 2, name: '1. The service' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'en');
    const seeAlso = screen.getByRole('navigation', { name: 'See also' });
    expect(within(seeAlso).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(within(seeAlso).getByRole('link', { name: /public site/ })).toHaveAttribute('href', 'http://fr.localhost/legal/terms');
    expect(asked).toEqual(['terms:en']);

    await act(() => changeLocale('fr'));
    expect(await screen.findByRole('heading', { level: 1, name: /Conditions générales/ })).toBeInTheDocument();
    expect(screen.getByText('Mise à jour : 26 novembre 2026')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('lang', 'fr');
    expect(asked).toEqual(['terms:en', 'terms:fr']);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Politique de confidentialité' }));
    expect(router.state.location.pathname).toBe('/privacy');
    expect(asked).toContain('privacy:fr');
  });

  it('says when the page cannot be loaded and tries again', async () => {
    let down = true;
    server.use(
      http.get('*/api/legal/:page', () => {
        return down
          ? HttpResponse.json({ error: 'errors.internal', message: 'Internal error' }, { status: 500 })
          : HttpResponse.json({ page: 'terms', updated: '2026-11-26', publicUrl: 'http://fr.localhost/legal/terms', ...docs.en });
      }),
    );
    renderAt('/terms');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    down = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use for professionals' })).toBeInTheDocument();
  });
});
