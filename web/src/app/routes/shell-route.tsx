import { useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { AppLanguageMenu } from '@/app/app-language-menu';
import { StopImpersonationDialog } from '@/features/impersonation/components/impersonation-dialog';
import { NewRequestPopup } from '@/features/event-requests/components/new-request-popup';
import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { buildMenu, type MenuAction } from '@/components/layout/menu-items';
import { useCurrentUser, useLogout } from '@/lib/auth/session';

/** The dashboard shell around every signed-in page. */
export function Component() {
  const user = useCurrentUser();
  const menu = useMemo(() => buildMenu(user), [user]);
  const [dialog, setDialog] = useState<MenuAction['id'] | null>(null);
  const logout = useLogout();
  const navigate = useNavigate();

  const onLogout = async () => {
    await logout();
    void navigate('/login', { replace: true });
  };

  return (
    <DashboardLayout
      user={user}
      menu={menu}
      onAction={setDialog}
      onLogout={() => void onLogout()}
      languageMenu={<AppLanguageMenu />}
    >
      <Outlet />
      <NewRequestPopup user={user} />
      {dialog === 'impersonate-stop' && <StopImpersonationDialog open onClose={() => setDialog(null)} />}
    </DashboardLayout>
  );
}
