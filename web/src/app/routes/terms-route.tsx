import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StandalonePage } from '@/app/routes/standalone-page';
import { LegalPage } from '@/features/legal/components/legal-page';
import type { LegalPageName } from '@/features/legal/api/get-legal-page';
import { useToken } from '@/lib/auth/session';

/** A legal page of the domain (package legal on the server), open to everyone, signed in or not. */
export function LegalRoute({ page }: { page: LegalPageName }) {
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
      <LegalPage page={page} />
    </StandalonePage>
  );
}

/** /terms: the professionals' terms of use, which registration links to. */
export function Component() {
  return <LegalRoute page="terms" />;
}
