import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodToggle } from '@/components/ui/period-toggle';
import { Link as RouterLink } from 'react-router';
import { usePortfolioViews, type ViewsPeriod } from '@/features/portfolios/api/get-portfolio-views';
import { SectionCard } from '@/components/ui/section-card';
import { intlLocale } from '@/lib/locales';

// @mui/x-charts weighs: it loads with the first chart, for premium plans only.
const PortfolioViewsChart = lazy(() =>
  import('@/features/portfolios/components/portfolio-views-chart').then((module) => ({ default: module.PortfolioViewsChart })),
);

const PERIODS: ViewsPeriod[] = ['today', '7days', '30days'];
const PERIOD_KEYS: Record<ViewsPeriod, string> = {
  today: 'portfolios.views.periods.today',
  '7days': 'portfolios.views.periods.7days',
  '30days': 'portfolios.views.periods.30days',
};

function ChartSkeleton() {
  return <Skeleton variant="rounded" height={260} data-testid="portfolio-views-loading" />;
}

function PremiumViews({ portfolioId }: { portfolioId?: string }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<ViewsPeriod>('7days');
  const views = usePortfolioViews(period);
  const points = useMemo(
    () => (portfolioId ? views.data?.filter((point) => point.portfolioId === portfolioId) : views.data),
    [views.data, portfolioId],
  );
  const total = points?.reduce((sum, point) => sum + point.views, 0) ?? 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <PeriodToggle
          value={period}
          periods={PERIODS}
          label={t('portfolios.views.period')}
          text={(value) => t(PERIOD_KEYS[value])}
          onChange={setPeriod}
        />
        {points && (
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="portfolio-views-total">
            {t('portfolios.views.total', { views: new Intl.NumberFormat(intlLocale(i18n.language)).format(total) })}
          </Typography>
        )}
      </Box>
      {views.isError && <Alert severity="error">{t('portfolios.views.error')}</Alert>}
      {views.isPending && <ChartSkeleton />}
      {points && points.length === 0 && <Typography color="text.secondary">{t('portfolios.views.empty')}</Typography>}
      {points && points.length > 0 && (
        <Suspense fallback={<ChartSkeleton />}>
          <PortfolioViewsChart points={points} />
        </Suspense>
      )}
    </Box>
  );
}

function UpgradeTeaser() {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="portfolio-views-teaser"
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
        <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{t('portfolios.views.teaserTitle')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('portfolios.views.teaserText')}
        </Typography>
      </Box>
      <Button component={RouterLink} to="/subscription" variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {t('portfolios.upgrade.button')}
      </Button>
    </Box>
  );
}

/** Portfolio views per day (GET /api/statistics/portfolio-views): the chart for premium plans, a teaser for free ones. */
export function PortfolioViewsCard({ premium, portfolioId }: { premium: boolean; portfolioId?: string }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('portfolios.views.title')} data-testid="portfolio-views-card">
      {premium ? <PremiumViews portfolioId={portfolioId} /> : <UpgradeTeaser />}
    </SectionCard>
  );
}
