import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodToggle } from '@/components/ui/period-toggle';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_OVERVIEW_PERIOD, OVERVIEW_PERIODS, useOverview, type Money, type Overview, type OverviewPeriod } from '@/features/admin/api/get-overview';
import { AdminPage } from '@/features/admin/components/admin-page';
import { QueryState } from '@/features/admin/components/query-state';
import { formatDate, formatMoney } from '@/features/admin/format';
import { SectionCard } from '@/components/ui/section-card';
import { intlLocale } from '@/lib/locales';

// @mui/x-charts weighs: it comes with the first chart, never with the figures.
const OverviewChart = lazy(() => import('@/features/admin/components/overview-chart').then((module) => ({ default: module.OverviewChart })));

/** The currency a period without any sale is shown in: zeros read better than an empty chart. */
const HOME_CURRENCY = 'eur';

interface FigureProps {
  label: string;
  /** The figure itself, large; several lines when it is money in several currencies. */
  value: ReactNode;
  detail: string;
  /** The screen where the figure is acted on. */
  link?: { to: string; label: string };
  /** Something waits for the admin: the figure is drawn in this colour when it is not zero. */
  alert?: 'warning' | 'error';
  testId: string;
}

function Figure({ label, value, detail, link, alert, testId }: FigureProps) {
  return (
    <Card data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', borderTop: 4, borderTopColor: alert ? `${alert}.main` : 'divider' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1, p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Typography component="h2" variant="subtitle2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography component="div" sx={{ fontSize: '2rem', lineHeight: 1.2, fontWeight: 700, fontVariantNumeric: 'tabular-nums', color: alert ? `${alert}.dark` : 'text.primary' }}>
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {detail}
        </Typography>
        {link && (
          <Link component={RouterLink} to={link.to} underline="hover" sx={{ mt: 1, fontWeight: 600, alignSelf: 'flex-start' }}>
            {link.label}
            {/* Inline, so a label on two lines keeps its arrow after its last word. */}
            <ArrowForwardIcon fontSize="small" aria-hidden="true" sx={{ verticalAlign: 'text-bottom', ml: 0.5 }} />
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

/** Amounts per currency, or a zero in the home currency when there are none. */
function amounts(list: Money[]): Money[] {
  return list.length > 0 ? list : [{ currency: HOME_CURRENCY, cents: 0 }];
}

/** Every currency met in a series, sorted, or the home currency alone. */
function currenciesOf(overview: Overview, pick: (day: Overview['total']) => Money[]): string[] {
  const found = new Set(pick(overview.total).map((money) => money.currency));
  return found.size > 0 ? [...found].sort() : [HOME_CURRENCY];
}

function Figures({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const integer = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 0 });
  const since = t('admin.overview.since', { date: formatDate(overview.series[0]?.date, locale) });
  const { total } = overview;
  const money = (list: Money[]) => amounts(list).map((one) => (
    <Box key={one.currency} component="span" sx={{ display: 'block' }}>
      {formatMoney(one.cents, one.currency, locale)}
    </Box>
  ));
  const creditRevenue = total.creditRevenue.map((one) => formatMoney(one.cents, one.currency, locale)).join(' · ');

  return (
    <Box
      data-testid="overview-figures"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}
    >
      <Figure
        testId="figure-moderation"
        label={t('admin.overview.moderation.label')}
        value={integer.format(overview.awaitingModeration)}
        detail={t('admin.overview.moderation.detail')}
        link={{ to: '/admin/moderation', label: t('admin.overview.moderation.link') }}
        alert={overview.awaitingModeration > 0 ? 'warning' : undefined}
      />
      <Figure
        testId="figure-failed"
        label={t('admin.overview.failed.label')}
        value={integer.format(overview.failedMessages)}
        detail={t(overview.failedMessages > 0 ? 'admin.overview.failed.detail' : 'admin.overview.failed.none')}
        link={{ to: '/admin/outbox?state=failed', label: t('admin.overview.failed.link') }}
        alert={overview.failedMessages > 0 ? 'error' : undefined}
      />
      <Figure
        testId="figure-providers"
        label={t('admin.overview.providers.label')}
        value={integer.format(total.newProviders)}
        detail={since}
        link={{ to: '/admin/users', label: t('admin.overview.providers.link') }}
      />
      <Figure
        testId="figure-projects"
        label={t('admin.overview.projects.label')}
        value={integer.format(total.projects)}
        detail={t('admin.overview.projects.detail', { requests: integer.format(total.requests) })}
      />
      <Figure
        testId="figure-unlock-rate"
        label={t('admin.overview.unlockRate.label')}
        value={overview.requestsReceived > 0 ? percent.format(overview.requestsUnlocked / overview.requestsReceived) : '—'}
        detail={
          overview.requestsReceived > 0
            ? t('admin.overview.unlockRate.detail', { unlocked: integer.format(overview.requestsUnlocked), received: integer.format(overview.requestsReceived) })
            : t('admin.overview.unlockRate.none')
        }
      />
      <Figure
        testId="figure-credits"
        label={t('admin.overview.credits.label')}
        value={integer.format(total.creditsSold)}
        detail={creditRevenue ? t('admin.overview.credits.detail', { amount: creditRevenue }) : t('admin.overview.credits.none')}
      />
      <Figure testId="figure-premium" label={t('admin.overview.premium.label')} value={money(total.premiumRevenue)} detail={since} />
    </Box>
  );
}

function ChartSkeleton() {
  return <Skeleton variant="rounded" height={240} />;
}

function Charts({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = i18n.language;
  const dates = overview.series.map((day) => day.date);
  const palette = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.info.main, theme.palette.success.main];
  const perCurrency = (pick: (day: Overview['total']) => Money[], prefix: string) =>
    currenciesOf(overview, pick).map((currency, index) => ({
      id: `${prefix}-${currency}`,
      label: currency.toUpperCase(),
      color: palette[index % palette.length] ?? theme.palette.primary.main,
      // Drawn in whole units, so an empty period's axis reads 0 to 4 €, not 0 to 4 cents.
      data: overview.series.map((day) => (pick(day).find((one) => one.currency === currency)?.cents ?? 0) / 100),
      format: (units: number) => formatMoney(Math.round(units * 100), currency, locale),
    }));
  const credits = perCurrency((day) => day.creditRevenue, 'credits');
  const premium = perCurrency((day) => day.premiumRevenue, 'premium');
  // One currency: its own format on the axis; several: bare amounts, each series says its currency.
  const moneyAxis = (series: { format: (units: number) => string }[]) => {
    const [only] = series;
    if (series.length === 1 && only) return only.format;
    const whole = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 });
    return (units: number) => whole.format(units);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
        <SectionCard title={t('admin.overview.charts.activity')} data-testid="overview-activity">
          <Suspense fallback={<ChartSkeleton />}>
            <OverviewChart
              caption={t('admin.overview.charts.activity')}
              dates={dates}
              series={[
                { id: 'projects', label: t('admin.overview.series.projects'), color: theme.palette.secondary.main, data: overview.series.map((day) => day.projects) },
                { id: 'requests', label: t('admin.overview.series.requests'), color: theme.palette.primary.main, data: overview.series.map((day) => day.requests) },
              ]}
            />
          </Suspense>
        </SectionCard>
      </Box>
      <SectionCard title={t('admin.overview.charts.credits')} data-testid="overview-credits">
        <Suspense fallback={<ChartSkeleton />}>
          <OverviewChart caption={t('admin.overview.charts.credits')} dates={dates} series={credits} axisFormat={moneyAxis(credits)} />
        </Suspense>
      </SectionCard>
      <SectionCard title={t('admin.overview.charts.premium')} data-testid="overview-premium">
        <Suspense fallback={<ChartSkeleton />}>
          <OverviewChart caption={t('admin.overview.charts.premium')} dates={dates} series={premium} axisFormat={moneyAxis(premium)} />
        </Suspense>
      </SectionCard>
    </Box>
  );
}

/**
 * The admin's first screen, at /admin and as an admin's dashboard: what waits
 * now (moderation, failed messages), then the period's new professionals,
 * projects, requests, unlock rate, credits and premium revenue, each figure
 * leading to its screen, and the same days as charts. Days are the reader's
 * own (the browser's time zone goes to the server).
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<OverviewPeriod>(DEFAULT_OVERVIEW_PERIOD);
  const overview = useOverview(days);
  return (
    <AdminPage
      title={t('admin.overview.title')}
      subtitle={t('admin.overview.subtitle')}
      actions={
        <PeriodToggle
          value={days}
          periods={OVERVIEW_PERIODS}
          label={t('admin.overview.period')}
          text={(value) => t('admin.overview.days', { days: value })}
          onChange={setDays}
          sx={{ bgcolor: 'background.paper' }}
        />
      }
    >
      <QueryState query={overview} isEmpty={() => false} emptyTitle="" rows={4}>
        {(data) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 }, opacity: overview.isPlaceholderData ? 0.6 : 1 }} aria-busy={overview.isPlaceholderData}>
            <Figures overview={data} />
            <Charts overview={data} />
          </Box>
        )}
      </QueryState>
    </AdminPage>
  );
}
