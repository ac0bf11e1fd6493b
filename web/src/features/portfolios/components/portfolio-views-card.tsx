import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortfolioViews, type ViewsPeriod } from '@/features/portfolios/api/get-portfolio-views';
import { PeriodChart, PremiumChartCard } from '@/components/ui/period-chart';
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
    <PeriodChart
      testId="portfolio-views"
      period={period}
      periods={PERIODS}
      periodLabel={t('portfolios.views.period')}
      periodText={(value) => t(PERIOD_KEYS[value])}
      onPeriodChange={setPeriod}
      points={points}
      pending={views.isPending}
      failed={views.isError}
      total={t('portfolios.views.total', { views: new Intl.NumberFormat(intlLocale(i18n.language)).format(total) })}
      errorText={t('portfolios.views.error')}
      emptyText={t('portfolios.views.empty')}
      chart={(shown) => <PortfolioViewsChart points={shown} />}
    />
  );
}

/** Portfolio views per day (GET /api/statistics/portfolio-views): the chart for premium plans, a teaser for free ones. */
export function PortfolioViewsCard({ premium, portfolioId }: { premium: boolean; portfolioId?: string }) {
  const { t } = useTranslation();
  return (
    <PremiumChartCard
      title={t('portfolios.views.title')}
      testId="portfolio-views"
      premium={premium}
      teaser={{ title: t('portfolios.views.teaserTitle'), text: t('portfolios.views.teaserText'), button: t('portfolios.upgrade.button') }}
    >
      <PremiumViews portfolioId={portfolioId} />
    </PremiumChartCard>
  );
}
