import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodToggle } from '@/components/ui/period-toggle';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_VIEW_PERIOD, useStatisticsViews, VIEW_PERIODS, type ViewPeriod } from '@/features/dashboard/api/get-statistics-views';
import { SectionCard } from '@/components/ui/section-card';

// @mui/x-charts weighs: it is loaded with the first chart, by premium users only.
const ViewsChart = lazy(() => import('@/features/dashboard/components/views-chart').then((module) => ({ default: module.ViewsChart })));

const PERIOD_KEYS: Record<ViewPeriod, string> = {
  today: 'dashboard.views.periods.today',
  '7days': 'dashboard.views.periods.7days',
  '30days': 'dashboard.views.periods.30days',
};

function ChartSkeleton() {
  return <Skeleton variant="rounded" height={260} data-testid="views-loading" />;
}

function PremiumViews() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ViewPeriod>(DEFAULT_VIEW_PERIOD);
  const views = useStatisticsViews(period);
  const total = views.data?.reduce((sum, point) => sum + point.views, 0) ?? 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <PeriodToggle
          value={period}
          periods={VIEW_PERIODS}
          label={t('dashboard.views.period')}
          text={(value) => t(PERIOD_KEYS[value])}
          onChange={setPeriod}
        />
        {views.data && (
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="views-total">
            {t('dashboard.views.total', { views: total })}
          </Typography>
        )}
      </Box>
      {views.isError && <Alert severity="error">{t('dashboard.error_loading_data')}</Alert>}
      {views.isPending && <ChartSkeleton />}
      {views.data && (
        <Suspense fallback={<ChartSkeleton />}>
          <ViewsChart points={views.data} />
        </Suspense>
      )}
    </Box>
  );
}

function UpgradeTeaser() {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="views-teaser"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: 2,
        p: 2.5,
        borderRadius: 2,
        bgcolor: 'action.hover',
      }}
    >
      <WorkspacePremiumOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden="true" />
      <Box sx={{ flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('dashboard.views.teaserTitle')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.views.teaserText')}
        </Typography>
      </Box>
      <Button component={RouterLink} to="/subscription" variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {t('dashboard.views.teaserButton')}
      </Button>
    </Box>
  );
}

/** Profile views per day: the chart for premium users, an invitation to upgrade for the others. */
export function ViewsCard({ premium }: { premium: boolean }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('dashboard.views.title')} data-testid="views-card">
      {premium ? <PremiumViews /> : <UpgradeTeaser />}
    </SectionCard>
  );
}
