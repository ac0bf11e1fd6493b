import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarketingPanel } from '@/features/auth/components/marketing-panel';
import { BrandLogo } from '@/components/ui/brand-logo';

interface AuthLayoutProps {
  /** The language selector, supplied by the app. */
  languageMenu: ReactNode;
  children: ReactNode;
}

/**
 * The sign-in and registration pages: the form on the left and the
 * marketing panel on the right on desktop; on phones the panel comes below
 * the form.
 */
export function AuthLayout({ languageMenu, children }: AuthLayoutProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 7fr) minmax(0, 5fr)' },
        gridTemplateRows: { xs: 'auto auto auto auto', md: 'auto 1fr auto' },
        gridTemplateAreas: { xs: '"header" "main" "aside" "footer"', md: '"header aside" "main aside" "footer aside"' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="header"
        sx={{ gridArea: 'header', display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}
      >
        <BrandLogo />
        {languageMenu}
      </Box>
      <Box
        component="main"
        sx={{ gridArea: 'main', display: 'flex', justifyContent: 'center', alignItems: { xs: 'flex-start', md: 'center' }, px: 2, py: { xs: 2, md: 4 } }}
      >
        {children}
      </Box>
      <MarketingPanel />
      <Box component="footer" sx={{ gridArea: 'footer', py: 2, px: 2, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('shell.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </Box>
    </Box>
  );
}
