import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VIEW_PERIOD, useStatisticsViews, VIEW_PERIODS, type ViewPeriod } from '@/features/dashboard/api/get-statistics-views';
import { PeriodChart, PremiumChartCard } from '@/components/ui/period-chart';

// @mui/x-charts weighs: it is loaded with the first chart, by premium users only.
const ViewsChart = lazy(() => import('@/features/dashboard/components/views-chart').then((module) => ({ default: module.ViewsChart })));

const PERIOD_KEYS: Record<ViewPeriod, string> = {
  today: 'dashboard.views.periods.today',
  '7days': 'dashboard.views.periods.7days',
  '30days': 'dashboard.views.periods.30days',
};

function PremiumViews() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ViewPeriod>(DEFAULT_VIEW_PERIOD);
  const views = useStatisticsViews(period);
  const total = views.data?.reduce((sum, point) => sum + point.views, 0) ?? 0;
  return (
    <PeriodChart
      testId="views"
      period={period}
      periods={VIEW_PERIODS}
      periodLabel={t('dashboard.views.period')}
      periodText={(value) => t(PERIOD_KEYS[value])}
      onPeriodChange={setPeriod}
      points={views.data}
      pending={views.isPending}
      failed={views.isError}
      total={t('dashboard.views.total', { views: total })}
      errorText={t('dashboard.error_loading_data')}
      chart={(points) => <ViewsChart points={points} />}
    />
  );
}

/** Profile views per day: the chart for premium users, an invitation to upgrade for the others. */
export function ViewsCard({ premium }: { premium: boolean }) {
  const { t } = useTranslation();
  return (
    <PremiumChartCard
      title={t('dashboard.views.title')}
      testId="views"
      premium={premium}
      teaser={{ title: t('dashboard.views.teaserTitle'), text: t('dashboard.views.teaserText'), button: t('dashboard.views.teaserButton') }}
    >
      <PremiumViews />
    </PremiumChartCard>
  );
}
