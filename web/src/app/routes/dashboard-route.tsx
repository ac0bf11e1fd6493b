import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { useCurrentUser } from '@/lib/auth/session';
import { hasRole } from '@/lib/auth/user';
import { loadArea } from '@/lib/i18n';

// The overview and its texts come only for an admin: professionals never load them.
const AdminOverview = lazy(async () => {
  const [route] = await Promise.all([import('@/app/routes/admin-overview-route'), loadArea('admin')]);
  return { default: route.Component };
});

/**
 * The dashboard at / and /dashboard: a professional's own, or for an admin
 * who is no professional the overview of /admin (one screen, two addresses).
 */
export function Component() {
  const user = useCurrentUser();
  const provider = hasRole(user, 'ROLE_PRESTATAIRE') || hasRole(user, 'ROLE_VENUE');
  if (hasRole(user, 'ROLE_ADMIN') && !provider) {
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
        <AdminOverview />
      </Suspense>
    );
  }
  return <DashboardPage />;
}
