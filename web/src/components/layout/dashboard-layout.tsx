import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { AppFooter } from '@/components/layout/app-footer';
import { ImpersonationBanner } from '@/components/layout/impersonation-banner';
import { MenuContent } from '@/components/layout/menu-content';
import type { Menu, MenuAction } from '@/components/layout/menu-items';
import { NavBreadcrumbs } from '@/components/layout/nav-breadcrumbs';
import { SidebarHeader } from '@/components/layout/sidebar-header';
import { UserCard } from '@/components/layout/user-card';
import { BrandLogo } from '@/components/ui/brand-logo';
import { isImpersonated, type User } from '@/lib/auth/user';
import { CONTENT_MAX_WIDTH, DRAWER_WIDTH } from '@/theme/theme';

interface DashboardLayoutProps {
  user: User;
  menu: Menu;
  onAction: (id: MenuAction['id']) => void;
  onLogout: () => void;
  /** The language selector, shown in the top bar. */
  languageMenu: ReactNode;
  children: ReactNode;
}

/**
 * The shell of the MUI dashboard template: a permanent 240 px drawer on md
 * and up; below, an app bar whose button opens the same menu in a temporary
 * drawer. Only one of them is rendered at a time, so there is one navigation
 * landmark and one banner.
 */
export function DashboardLayout({ user, menu, onAction, onLogout, languageMenu, children }: DashboardLayoutProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigation = useNavigation();
  const closeMobile = () => setMobileOpen(false);
  const banner = isImpersonated(user) ? <ImpersonationBanner user={user} onStop={() => onAction('impersonate-stop')} /> : null;

  const sideMenu = (
    <Box component="nav" aria-label={t('menu.mainLabel')} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <SidebarHeader user={user} />
      <Box
        sx={{ flexGrow: 1, overflowY: 'auto', display: 'flex', flexDirection: 'column', borderTop: '1px solid', borderColor: 'divider' }}
      >
        <MenuContent
          menu={menu}
          onNavigate={isDesktop ? undefined : closeMobile}
          onAction={(id) => {
            closeMobile();
            onAction(id);
          }}
        />
      </Box>
      <UserCard user={user} onLogout={onLogout} onNavigate={isDesktop ? undefined : closeMobile} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      {navigation.state === 'loading' && (
        <LinearProgress aria-label="Chargement" sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }} />
      )}
      {isDesktop ? (
        <Drawer
          variant="permanent"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', bgcolor: 'background.paper' },
          }}
        >
          {sideMenu}
        </Drawer>
      ) : (
        <>
          <AppBar
            position="fixed"
            color="inherit"
            elevation={0}
            sx={{ borderBottom: '1px solid', borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Toolbar sx={{ gap: 1, px: { xs: 1.5 } }}>
              <IconButton
                edge="start"
                aria-label={t('menu.open')}
                aria-expanded={mobileOpen ? 'true' : 'false'}
                onClick={() => setMobileOpen(true)}
                data-testid="open-menu"
              >
                <MenuRoundedIcon />
              </IconButton>
              <BrandLogo size={28} />
              <Box sx={{ flexGrow: 1 }} />
              {languageMenu}
            </Toolbar>
          </AppBar>
          <Drawer
            variant="temporary"
            anchor="left"
            open={mobileOpen}
            onClose={closeMobile}
            slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw' }, 'aria-label': t('menu.mainLabel') } }}
          >
            {sideMenu}
          </Drawer>
        </>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {isDesktop && banner}
        {isDesktop ? (
          <Box
            component="header"
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
              px: 3,
              pt: 2.5,
              pb: 1,
              width: '100%',
              maxWidth: { sm: '100%', md: CONTENT_MAX_WIDTH },
              mx: 'auto',
            }}
          >
            <NavBreadcrumbs />
            {languageMenu}
          </Box>
        ) : (
          <Box sx={{ pt: { xs: 7, sm: 8 } }}>
            {banner}
            <Box sx={{ px: 2, pt: 2, pb: 1 }}>
              <NavBreadcrumbs />
            </Box>
          </Box>
        )}
        <Box
          component="main"
          id="main-content"
          sx={{
            flexGrow: 1,
            width: '100%',
            maxWidth: { sm: '100%', md: CONTENT_MAX_WIDTH },
            mx: 'auto',
            px: { xs: 2, md: 3 },
            pt: 1,
            pb: 4,
          }}
        >
          {children}
        </Box>
        <AppFooter />
      </Box>
    </Box>
  );
}
