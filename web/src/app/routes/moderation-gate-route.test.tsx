import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProtectedRoute } from '@/app/guards/route-guards';
import { Component as ModerationGate } from '@/app/routes/moderation-gate-route';
import type { RouteHandle } from '@/components/layout/route-handle';
import { setTokens } from '@/lib/auth/token-storage';
import type { User } from '@/lib/auth/user';
import { createQueryClient } from '@/lib/query-client';
import { makeUser } from '@/test/fixtures';
import { server } from '@/test/msw-server';

const waiting = makeUser({ isModerated: false, publicUrl: null, publicProfileHidden: 'not_moderated' });

function details(siretStatus: 'unknown' | 'active' | 'inactive' | 'not_found', countryCode = 'FR') {
  return { countryCode, name: 'Maison Claire', siret: '73282932000074', siretStatus, webSite: '', dateOfCreation: '2016-05-01' };
}

/** The app's gated screens behind the gate, each a stand-in that names itself. */
function renderAt(path: string, user: User, company = details('active')) {
  setTokens('access', 'refresh');
  let detailsCalls = 0;
  server.use(
    http.get('*/api/me', () => HttpResponse.json(user)),
    http.get('*/api/company/details', () => {
      detailsCalls += 1;
      return HttpResponse.json(company);
    }),
  );
  const screenOf = (name: string) => <p data-testid="screen">{name}</p>;
  const router = createMemoryRouter(
    [
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <ModerationGate />,
            children: [
              {
                path: '/event-requests',
                handle: { crumb: 'menu.eventRequests' } satisfies RouteHandle,
                children: [
                  { index: true, element: screenOf('requests') },
                  { path: ':uuid', handle: { crumb: 'requests.detail.crumb' } satisfies RouteHandle, element: screenOf('request') },
                ],
              },
              { path: '/credits', handle: { crumb: 'menu.credits' } satisfies RouteHandle, element: screenOf('credits') },
              { path: '/subscription', handle: { crumb: 'menu.subscription' } satisfies RouteHandle, element: screenOf('subscription') },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { detailsCalls: () => detailsCalls };
}

describe('the moderation gate', () => {
  it.each([
    ['/event-requests', 'Requests'],
    ['/event-requests/0190a1b2-0000-7000-8000-0000000000aa', 'Requests'],
    ['/credits', 'Credits'],
    ['/subscription', 'Subscription'],
  ])('shows a provider waiting for moderation why %s is closed, without any offer', async (path, title) => {
    renderAt(path, waiting);
    const gate = await screen.findByTestId('moderation-gate');
    expect(screen.queryByTestId('screen')).toBeNull();
    expect(within(gate).getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(gate).toHaveTextContent('Your profile is awaiting moderation');
    expect(gate).toHaveTextContent(`${title} opens once our team has approved your profile.`);
    expect(within(gate).getByTestId('moderation-missing')).toHaveTextContent('Approval by the Noces team');
    // No premium call to action: nothing leads to buying or subscribing.
    const targets = within(gate)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(targets).not.toContain('/subscription');
    expect(targets).not.toContain('/credits');
    expect(targets).toContain('/');
    expect(within(gate).queryByRole('button', { name: /buy|subscribe|unlock/i })).toBeNull();
  });

  it('lists the unfinished profile steps as what to do meanwhile', async () => {
    renderAt('/credits', waiting);
    const tasks = await screen.findByTestId('moderation-tasks');
    expect(within(tasks).getByRole('link', { name: 'Add a profile picture' })).toHaveAttribute('href', '/images');
    expect(within(tasks).queryByRole('link', { name: 'Choose your services' })).toBeNull();
  });

  it.each([
    ['not_found', 'does not know the SIRET number you entered'],
    ['inactive', 'lists your company as ceased'],
    ['unknown', 'which it has not done yet'],
  ] as const)('names a French SIRET the register reports as %s among what is missing', async (status, text) => {
    renderAt('/event-requests', waiting, details(status));
    const siret = await screen.findByTestId('moderation-siret');
    expect(siret).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Check my SIRET' })).toHaveAttribute('href', '/company/details');
  });

  it('does not mention the SIRET when it is active or the company is not French', async () => {
    renderAt('/event-requests', waiting, details('unknown', 'BE'));
    await screen.findByTestId('moderation-missing');
    expect(screen.queryByTestId('moderation-siret')).toBeNull();
  });

  it('does not ask a venue about a SIRET, which its listings do not need', async () => {
    const calls = renderAt('/credits', makeUser({ roles: ['ROLE_VENUE'], isModerated: false, publicUrl: null }), details('not_found'));
    await screen.findByTestId('moderation-gate');
    expect(screen.queryByTestId('moderation-siret')).toBeNull();
    expect(calls.detailsCalls()).toBe(0);
  });

  it.each(['/event-requests', '/credits', '/subscription'])('lets a moderated provider into %s', async (path) => {
    renderAt(path, makeUser());
    expect(await screen.findByTestId('screen')).toBeInTheDocument();
    expect(screen.queryByTestId('moderation-gate')).toBeNull();
  });
});
