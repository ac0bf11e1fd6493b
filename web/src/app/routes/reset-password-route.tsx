import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StandalonePage } from '@/app/routes/standalone-page';
import { ComingSoon } from '@/components/ui/coming-soon';

export function Component() {
  const { t } = useTranslation();
  return (
    <StandalonePage
      actions={
        <Button component={RouterLink} to="/login" variant="outlined" size="small">
          {t('signin.submit')}
        </Button>
      }
    >
      <ComingSoon title={t('resetPassword.title')} />
    </StandalonePage>
  );
}
