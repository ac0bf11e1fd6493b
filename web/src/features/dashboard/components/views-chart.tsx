import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewPoint } from '@/features/dashboard/api/get-statistics-views';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { intlLocale } from '@/lib/locales';

function dayLabel(iso: string, locale: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  if (!year || !month || !day) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short' }).format(new Date(year, month - 1, day));
}

/**
 * The profile views per day, as bars (loaded on demand with @mui/x-charts,
 * which makes the chart keyboard-navigable); the same numbers follow in a
 * visually hidden table for screen readers.
 */
export function ViewsChart({ points }: { points: ViewPoint[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const labels = useMemo(() => points.map((point) => dayLabel(point.date, i18n.language)), [points, i18n.language]);
  const views = points.map((point) => point.views);
  const peak = Math.max(0, ...views);
  const integer = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 0 });
  return (
    <Box data-testid="views-chart">
      <Box>
        <BarChart
          height={260}
          hideLegend
          xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ min: 0, max: peak < 4 ? 4 : undefined, tickMinStep: 1, width: 44, valueFormatter: (value: number) => integer.format(value) }]}
          series={[{ data: views, label: t('dashboard.views.series'), color: theme.palette.primary.main }]}
          margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        />
      </Box>
      {/* A table cannot be clipped by itself: the hidden box holds it. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{t('dashboard.views.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.views.date')}</th>
              <th scope="col">{t('dashboard.views.series')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point, index) => (
              <tr key={point.date}>
                <td>{labels[index]}</td>
                <td>{point.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
