import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MarketingAudience } from '@/features/dashboard/api/get-promotional-alert';
import { OnboardingCelebration } from '@/features/dashboard/components/onboarding-celebration';
import { PodcastPlayer } from '@/features/dashboard/components/podcast-player';
import { ProfileCompletionCard } from '@/features/dashboard/components/profile-completion-card';
import { PromotionalAlert } from '@/features/dashboard/components/promotional-alert';
import { PromotionalPopup } from '@/features/dashboard/components/promotional-popup';
import { StatisticsCard } from '@/features/dashboard/components/statistics-card';
import { BookingsCard } from '@/features/dashboard/components/bookings-card';
import { VenueChecklistCard, VenueStatsCard } from '@/features/dashboard/components/venue-cards';
import { ViewsCard } from '@/features/dashboard/components/views-card';
import { clearOnboardingArrival, isOnboardingArrival } from '@/lib/auth/onboarding-arrival';
import { useCurrentUser } from '@/lib/auth/session';
import { getConfig } from '@/lib/config';
import { hasRole } from '@/lib/auth/user';

/**
 * The dashboard of part 1 §2 at / and /dashboard: profile completion (planners),
 * the moderation notice or the statistics, the views chart (premium) or an
 * invitation to upgrade, the podcast, the promotional alert and popup, and
 * after onboarding confetti and the welcome-credit dialog. Venues get the
 * same page with their own checklist (their venues' photos, description,
 * capacities, prices and publication) and each venue's views and requests.
 * An admin who is no professional never comes here: dashboard-route shows
 * them the admin overview.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const isPlanner = hasRole(user, 'ROLE_PRESTATAIRE');
  const isVenue = hasRole(user, 'ROLE_VENUE');
  const isProvider = isPlanner || isVenue;
  const audience: MarketingAudience = isVenue ? 'venue' : 'planner';
  const name = user.firstname || user.fullName || user.email;
  const podcastUrl = getConfig().podcastUrl;
  const fromOnboarding = isOnboardingArrival(location.state);
  const [celebrating, setCelebrating] = useState(fromOnboarding);
  // Statistics wait for moderation; the podcast shows when configured.
  const side = user.isModerated || podcastUrl !== '';
  // Venues have no subscription page: their upgrade teaser would lead nowhere.
  const showViews = user.isModerated && (user.isPremium || isPlanner);

  useEffect(() => {
    // Shown once: a reload or a return to this page does not celebrate again.
    if (!fromOnboarding) return;
    clearOnboardingArrival();
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [fromOnboarding, navigate, location.pathname, location.search]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('dashboard.greeting', { name })}
        </Typography>
        <Typography color="text.secondary">{t('dashboard.subtitle')}</Typography>
      </Box>

      {isProvider && <PromotionalAlert audience={audience} />}

      {isProvider && !user.isModerated && (
        <Alert severity="info" data-testid="moderation-notice">
          <AlertTitle>{t('moderation.title')}</AlertTitle>
          {t('moderation.notice')}
        </Alert>
      )}

      {isProvider && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: side ? 'minmax(0, 5fr) minmax(0, 7fr)' : 'minmax(0, 1fr)' },
          }}
        >
          {isPlanner && <ProfileCompletionCard user={user} />}
          {isVenue && <VenueChecklistCard />}
          {side && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
              {user.isModerated && isVenue && <VenueStatsCard />}
              {user.isModerated && <StatisticsCard />}
              {user.isModerated && <BookingsCard />}
              {showViews && <ViewsCard premium={user.isPremium} />}
              {podcastUrl && <PodcastPlayer url={podcastUrl} />}
            </Box>
          )}
        </Box>
      )}

      {isProvider && <PromotionalPopup audience={audience} userId={user.id} hold={celebrating} />}
      {celebrating && <OnboardingCelebration onClose={() => setCelebrating(false)} />}
    </Box>
  );
}
