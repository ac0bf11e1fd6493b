import { Navigate, Outlet } from 'react-router';
import { awaitsModeration, MODERATION_GATED_PATHS } from '@/app/guards/guard-rules';
import { ModerationPending } from '@/app/guards/moderation-pending';
import { useCrumbs } from '@/components/layout/route-handle';
import { useSession } from '@/lib/auth/session';

/**
 * The layout of requests, subscription and credits (part 1 §2): a provider
 * waiting for moderation is told why, and what is missing, instead of seeing
 * the screen. Lazy, so the main bundle does not carry the explanation page.
 */
export function Component() {
  const session = useSession();
  const crumbs = useCrumbs();
  if (session.status !== 'authenticated') return <Navigate to="/login" replace />;
  if (!awaitsModeration(session.user)) return <Outlet />;
  const screen = crumbs.find((crumb) => (MODERATION_GATED_PATHS as readonly string[]).includes(crumb.path));
  return <ModerationPending user={session.user} screenKey={screen?.labelKey ?? 'gates.screen'} />;
}
