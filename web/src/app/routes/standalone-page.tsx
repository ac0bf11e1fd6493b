import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { AppLanguageMenu } from '@/app/app-language-menu';
import { BrandLogo } from '@/components/ui/brand-logo';

/** A page outside the dashboard shell: brand and language in a header, centered content. */
export function StandalonePage({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: { xs: 2, sm: 4 }, py: 2 }}
      >
        <BrandLogo />
        {/* Wraps on a phone: the language and a long action ("Create an account") are wider than 390 px beside the logo. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 1, ml: 'auto' }}>
          <AppLanguageMenu />
          {actions}
        </Box>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, width: '100%', maxWidth: 720, mx: 'auto', px: 2, py: { xs: 3, sm: 6 } }}>
        {children}
      </Box>
    </Box>
  );
}
