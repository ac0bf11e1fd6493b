import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { StandalonePage } from '@/app/routes/standalone-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <StandalonePage
      actions={
        <Button component={RouterLink} to="/login" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {t('signin.submit')}
        </Button>
      }
    >
      <ResetPasswordPage token={token} />
    </StandalonePage>
  );
}
