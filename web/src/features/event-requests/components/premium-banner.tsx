import WorkspacePremiumRoundedIcon from '@mui/icons-material/WorkspacePremiumRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Part 2 §2: free providers see a warning banner leading to /subscription. */
export function PremiumBanner() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      icon={<WorkspacePremiumRoundedIcon />}
      data-testid="premium-banner"
      sx={{ alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, mr: 0 } }}
      action={
        <Button component={RouterLink} to="/subscription" variant="contained" color="warning" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {t('requests.banner.action')}
        </Button>
      }
    >
      <AlertTitle>{t('requests.banner.title')}</AlertTitle>
      {t('requests.banner.text')}
    </Alert>
  );
}
