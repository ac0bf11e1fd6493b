import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { HOME_PATH, ONBOARDING_PATH, protectedRedirect, publicOnlyRedirect, roleRedirect } from '@/app/guards/guard-rules';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { hasOnboardingArrival, ONBOARDING_ARRIVAL_STATE } from '@/lib/auth/onboarding-arrival';
import { setPostLoginTarget, usePostLoginTarget } from '@/lib/auth/post-login';
import { useSession } from '@/lib/auth/session';
import type { Role } from '@/lib/auth/user';
import { isApiError } from '@/lib/api-error';

function SessionError({ error, retry }: { error: Error; retry: () => void }) {
  const { t } = useTranslation();
  const message = isApiError(error) && error.code === 'timeout' ? t('errors.timeout') : t('errors.network');
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', px: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('common.retry')}
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}

/** Login, registration, password reset: only for anonymous visitors. */
export function PublicOnlyRoute() {
  const session = useSession();
  const afterLogin = usePostLoginTarget();
  useEffect(() => () => setPostLoginTarget(null), []);
  if (session.status === 'authenticated') {
    const to = afterLogin ?? publicOnlyRedirect(session.user);
    if (to) return <Navigate to={to} replace />;
  }
  if (session.status === 'loading') return <LoadingScreen />;
  return <Outlet />;
}

/** Everything behind the login; also sends unfinished providers to /onboarding. */
export function ProtectedRoute() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'error') return <SessionError error={session.error} retry={session.retry} />;
  const to = protectedRedirect(session.status === 'authenticated' ? session.user : null, pathname);
  // Right after the onboarding wizard, the one redirect lands on the dashboard and celebrates.
  if (to === HOME_PATH && pathname === ONBOARDING_PATH && hasOnboardingArrival()) {
    return <Navigate to="/dashboard" replace state={ONBOARDING_ARRIVAL_STATE} />;
  }
  if (to) return <Navigate to={to} replace />;
  return <Outlet />;
}

/** Pages of one role (admin, venues...); others go to the fallback ('/' by default). */
export function RoleGuard({ roles, fallback = '/' }: { roles: readonly Role[]; fallback?: string }) {
  const session = useSession();
  if (session.status !== 'authenticated') return <Navigate to="/login" replace />;
  const to = roleRedirect(session.user, roles, fallback);
  if (to) return <Navigate to={to} replace />;
  return <Outlet />;
}
