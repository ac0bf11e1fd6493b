import ArrowForwardIosRoundedIcon from '@mui/icons-material/ArrowForwardIosRounded';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCompanyDetails } from '@/features/company/api/get-company-details';
import { profileTasks } from '@/features/dashboard/profile-completion';
import { SectionCard } from '@/components/ui/section-card';
import { hasRole, type User } from '@/lib/auth/user';

/** The country whose companies need an active SIRET to be listed (DECISIONS.md). */
const SIRET_COUNTRY = 'FR';

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box sx={{ pt: 0.25, display: 'flex' }} aria-hidden="true">
        {icon}
      </Box>
      <Box>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {children}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * What a provider waiting for moderation sees instead of a gated screen
 * (requests, credits, subscription): why it is closed, what is still missing
 * before the profile goes live, and what to do meanwhile. No call to buy or
 * subscribe: the server would refuse it (account.errors.not_moderated).
 */
export function ModerationPending({ user, screenKey }: { user: User; screenKey: string }) {
  const { t } = useTranslation();
  const isPlanner = hasRole(user, 'ROLE_PRESTATAIRE');
  // Only a planner's listing depends on the SIRET (a venue's does not).
  const details = useCompanyDetails({ enabled: isPlanner });
  const siret = details.data && details.data.countryCode === SIRET_COUNTRY && details.data.siretStatus !== 'active' ? details.data.siretStatus : null;
  const tasks = isPlanner ? profileTasks(user).filter((task) => !task.done) : [];
  const screen = t(screenKey);

  return (
    <Stack spacing={3} data-testid="moderation-gate" sx={{ maxWidth: 760 }}>
      <Typography variant="h1">{screen}</Typography>
      <Alert severity="info" icon={<HourglassTopIcon />}>
        <AlertTitle component="h2" sx={{ fontSize: '1.125rem' }}>
          {t('gates.title')}
        </AlertTitle>
        {t('gates.lead', { screen })}
      </Alert>

      <SectionCard title={t('gates.missingTitle')} data-testid="moderation-missing">
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <Step icon={<HourglassTopIcon color="warning" fontSize="small" />} title={t('gates.approval')}>
            {t('gates.approvalHint')}
          </Step>
          {siret && (
            <Step icon={<BadgeOutlinedIcon color="error" fontSize="small" />} title={t('gates.siret.title')}>
              <span data-testid="moderation-siret">{t(`gates.siret.${siret}`)}</span>{' '}
              <Link component={RouterLink} to="/company/details" underline="always">
                {t('gates.siret.action')}
              </Link>
            </Step>
          )}
        </Stack>
      </SectionCard>

      {tasks.length > 0 && (
        <SectionCard title={t('gates.meanwhile')} description={t('gates.meanwhileHint')} data-testid="moderation-tasks">
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
            {tasks.map((task) => (
              <Box component="li" key={task.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minHeight: 40 }}>
                <RadioButtonUncheckedIcon color="disabled" fontSize="small" aria-hidden="true" />
                <Link
                  component={RouterLink}
                  to={task.path}
                  variant="body2"
                  underline="hover"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
                >
                  {t(task.labelKey)}
                  <ArrowForwardIosRoundedIcon sx={{ fontSize: 12 }} aria-hidden="true" />
                </Link>
              </Box>
            ))}
          </Box>
        </SectionCard>
      )}

      <Box>
        <Button component={RouterLink} to="/" variant="outlined">
          {t('gates.backToDashboard')}
        </Button>
      </Box>
    </Stack>
  );
}
