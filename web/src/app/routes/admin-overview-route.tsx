import { OverviewPage } from '@/features/admin/components/overview-page';

/** /admin, and the dashboard of an admin who is no professional (dashboard-route). */
export function Component() {
  return <OverviewPage />;
}
