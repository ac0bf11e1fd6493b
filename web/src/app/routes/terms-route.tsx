import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StandalonePage } from '@/app/routes/standalone-page';
import { ComingSoon } from '@/components/ui/coming-soon';
import { useToken } from '@/lib/auth/session';

/** /terms: the terms of use are being written; the page says so. Open to everyone. */
export function Component() {
  const { t } = useTranslation();
  const signedIn = useToken() !== null;
  return (
    <StandalonePage
      actions={
        <Button component={RouterLink} to={signedIn ? '/' : '/register'} variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {signedIn ? t('menu.dashboard') : t('signin.register')}
        </Button>
      }
    >
      <ComingSoon title={t('terms.title')} />
    </StandalonePage>
  );
}
