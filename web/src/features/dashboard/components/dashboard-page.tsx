import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/auth/session';
import { hasRole } from '@/lib/auth/user';

/** The dashboard of this issue: a greeting and, until moderation, the moderation notice. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isProvider = hasRole(user, 'ROLE_PRESTATAIRE') || hasRole(user, 'ROLE_VENUE');
  const name = user.firstname || user.fullName || user.email;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('dashboard.greeting', { name })}
        </Typography>
        <Typography color="text.secondary">{t('dashboard.subtitle')}</Typography>
      </Box>
      {isProvider && !user.isModerated && (
        <Alert severity="info" data-testid="moderation-notice">
          <AlertTitle>{t('moderation.title')}</AlertTitle>
          {t('moderation.notice')}
        </Alert>
      )}
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {t('dashboard.statsTitle')}
          </Typography>
          <Typography color="text.secondary">
            {isProvider && !user.isModerated ? t('dashboard.statsAfterModeration') : t('dashboard.statsSoon')}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
