import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ProtectedRoute, PublicOnlyRoute, RoleGuard } from '@/app/guards/route-guards';
import { RouteError } from '@/app/route-error';
import type { RouteHandle } from '@/components/layout/route-handle';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { loadArea, type RouteArea } from '@/lib/i18n';

/** A lazy route whose texts (route areas of lib/i18n) load with its code, at once. */
function withTexts<T>(area: RouteArea | RouteArea[], load: () => Promise<T>): () => Promise<T> {
  const areas = Array.isArray(area) ? area : [area];
  return async () => (await Promise.all([load(), loadArea(...areas)]))[0];
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: 'login', lazy: () => import('@/app/routes/login-route') },
          { path: 'register', lazy: () => import('@/app/routes/register-route') },
          { path: 'forgot-password-reset/:token', lazy: () => import('@/app/routes/reset-password-route') },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'onboarding', lazy: () => import('@/app/routes/onboarding-route') },
          {
            lazy: withTexts(['gates', 'requests', 'money'], () => import('@/app/routes/shell-route')),
            children: [
              { index: true, lazy: () => import('@/app/routes/dashboard-route') },
              { path: 'dashboard', lazy: () => import('@/app/routes/dashboard-route') },
              {
                path: 'account',
                handle: { crumb: 'menu.settings' } satisfies RouteHandle,
                lazy: () => import('@/app/routes/account-route'),
              },
              {
                path: 'security',
                handle: { crumb: 'menu.security' } satisfies RouteHandle,
                lazy: () => import('@/app/routes/security-route'),
              },
              {
                element: <RoleGuard roles={['ROLE_PRESTATAIRE']} />,
                children: [
                  { path: 'videos', handle: { crumb: 'menu.videos' } satisfies RouteHandle, lazy: withTexts('content', () => import('@/app/routes/videos-route')) },
                  { path: 'images', handle: { crumb: 'menu.photos' } satisfies RouteHandle, lazy: withTexts('photos', () => import('@/app/routes/images-route')) },
                  {
                    path: 'portfolios',
                    handle: { crumb: 'menu.portfolios' } satisfies RouteHandle,
                    children: [
                      { index: true, lazy: withTexts('portfolios', () => import('@/app/routes/portfolios-list-route')) },
                      { path: 'new', handle: { crumb: 'portfolios.crumbs.new' } satisfies RouteHandle, lazy: withTexts('portfolios', () => import('@/app/routes/portfolios-new-route')) },
                      {
                        path: ':id',
                        handle: { crumb: 'portfolios.crumbs.view' } satisfies RouteHandle,
                        children: [
                          { index: true, lazy: withTexts('portfolios', () => import('@/app/routes/portfolios-detail-route')) },
                          { path: 'edit', handle: { crumb: 'portfolios.crumbs.edit' } satisfies RouteHandle, lazy: withTexts('portfolios', () => import('@/app/routes/portfolios-edit-route')) },
                        ],
                      },
                    ],
                  },
                  {
                    path: 'company',
                    handle: { crumb: 'menu.company', crumbLink: false } satisfies RouteHandle,
                    children: [
                      {
                        path: 'details',
                        handle: { crumb: 'menu.companyDetails' } satisfies RouteHandle,
                        lazy: () => import('@/app/routes/company-details-route'),
                      },
                      {
                        path: 'address',
                        handle: { crumb: 'menu.companyAddress' } satisfies RouteHandle,
                        lazy: () => import('@/app/routes/company-address-route'),
                      },
                      {
                        path: 'services',
                        handle: { crumb: 'menu.companyServices' } satisfies RouteHandle,
                        lazy: () => import('@/app/routes/company-services-route'),
                      },
                    ],
                  },
                  { path: 'portrait-experiences', handle: { crumb: 'menu.portrait' } satisfies RouteHandle, lazy: withTexts('content', () => import('@/app/routes/portrait-route')) },
                  {
                    path: 'social-networks',
                    handle: { crumb: 'menu.socialNetworks' } satisfies RouteHandle,
                    lazy: withTexts('social', () => import('@/app/routes/social-networks-route')),
                  },
                  { path: 'integrate-badge', handle: { crumb: 'menu.badge' } satisfies RouteHandle, lazy: withTexts('content', () => import('@/app/routes/badge-route')) },
                  { path: 'reviews', handle: { crumb: 'menu.reviews' } satisfies RouteHandle, lazy: withTexts('content', () => import('@/app/routes/reviews-route')) },
                ],
              },
              {
                // Planners' and venue owners' requests, subscription and
                // credits: couples' projects reach both (docs/leads.md).
                element: <RoleGuard roles={['ROLE_PRESTATAIRE', 'ROLE_VENUE']} />,
                children: [
                  { path: 'availability', handle: { crumb: 'menu.availability' } satisfies RouteHandle, lazy: withTexts('availability', () => import('@/app/routes/availability-route')) },
                  {
                    // Requests, subscription and credits wait for moderation.
                    lazy: () => import('@/app/routes/moderation-gate-route'),
                    children: [
                      {
                        path: 'event-requests',
                        handle: { crumb: 'menu.eventRequests' } satisfies RouteHandle,
                        children: [
                          { index: true, lazy: () => import('@/app/routes/event-requests-route') },
                          {
                            path: ':uuid',
                            handle: { crumb: 'requests.detail.crumb' } satisfies RouteHandle,
                            lazy: () => import('@/app/routes/event-request-detail-route'),
                          },
                        ],
                      },
                      {
                        path: 'subscription',
                        handle: { crumb: 'menu.subscription' } satisfies RouteHandle,
                        lazy: () => import('@/app/routes/subscription-route'),
                      },
                      {
                        path: 'credits',
                        handle: { crumb: 'menu.credits' } satisfies RouteHandle,
                        lazy: () => import('@/app/routes/credits-route'),
                      },
                    ],
                  },
                ],
              },
              {
                element: <RoleGuard roles={['ROLE_VENUE']} />,
                children: [
                  {
                    path: 'venues',
                    handle: { crumb: 'menu.venues' } satisfies RouteHandle,
                    children: [
                      { index: true, lazy: withTexts('venues', () => import('@/app/routes/venues-list-route')) },
                      { path: 'create', handle: { crumb: 'venues.crumbs.create' } satisfies RouteHandle, lazy: withTexts('venues', () => import('@/app/routes/venues-create-route')) },
                      {
                        path: ':id',
                        handle: { crumb: 'venues.crumbs.view' } satisfies RouteHandle,
                        children: [
                          { index: true, lazy: withTexts('venues', () => import('@/app/routes/venues-detail-route')) },
                          { path: 'edit', handle: { crumb: 'venues.crumbs.edit' } satisfies RouteHandle, lazy: withTexts('venues', () => import('@/app/routes/venues-edit-route')) },
                          { path: 'services', handle: { crumb: 'venues.crumbs.services' } satisfies RouteHandle, lazy: withTexts('venues', () => import('@/app/routes/venues-services-route')) },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                path: 'admin',
                handle: { crumb: 'menu.admin' } satisfies RouteHandle,
                element: <RoleGuard roles={['ROLE_ADMIN']} />,
                children: [
                  { index: true, lazy: withTexts('admin', () => import('@/app/routes/admin-overview-route')) },
                  { path: 'moderation', handle: { crumb: 'menu.moderation' } satisfies RouteHandle, lazy: withTexts('admin', () => import('@/app/routes/admin-moderation-route')) },
                  { path: 'users', handle: { crumb: 'menu.users' } satisfies RouteHandle, lazy: withTexts('admin', () => import('@/app/routes/admin-users-route')) },
                  { path: 'venues', handle: { crumb: 'menu.adminVenues' } satisfies RouteHandle, lazy: withTexts('admin', () => import('@/app/routes/admin-venues-route')) },
                  { path: 'reviews', handle: { crumb: 'menu.adminReviews' } satisfies RouteHandle, lazy: withTexts('admin', () => import('@/app/routes/admin-reviews-route')) },
                  { path: 'marketing', handle: { crumb: 'menu.marketing' } satisfies RouteHandle, lazy: withTexts('admin', () => import('@/app/routes/admin-marketing-route')) },
                  { path: 'outbox', handle: { crumb: 'menu.outbox' } satisfies RouteHandle, lazy: withTexts('admin', () => import('@/app/routes/admin-outbox-route')) },
                  { path: 'audit-log', handle: { crumb: 'menu.auditLog' } satisfies RouteHandle, lazy: withTexts('admin', () => import('@/app/routes/admin-audit-log-route')) },
                ],
              },
            ],
          },
        ],
      },
      // The terms of use and the privacy policy are open to everyone, signed in or not.
      { path: 'terms', lazy: () => import('@/app/routes/terms-route') },
      { path: 'privacy', lazy: () => import('@/app/routes/privacy-route') },
      { path: '*', lazy: () => import('@/app/routes/not-found-route') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Resolves once the router has loaded the lazy modules of its first
 * location: before that it renders only the hydrate fallback, which is not
 * the markup of a pre-rendered page.
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
