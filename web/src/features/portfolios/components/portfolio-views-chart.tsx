import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortfolioViewPoint } from '@/features/portfolios/api/get-portfolio-views';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { intlLocale } from '@/lib/locales';

function dayLabel(iso: string, locale: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  if (!year || !month || !day) return iso;
  return new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'short' }).format(new Date(year, month - 1, day));
}

/**
 * The views of each portfolio per day, stacked (loaded on demand with
 * @mui/x-charts); the same numbers follow in a visually hidden table.
 */
export function PortfolioViewsChart({ points }: { points: PortfolioViewPoint[] }) {
  const { t, i18n } = useTranslation();
  const { days, series } = useMemo(() => {
    const dayList = [...new Set(points.map((point) => point.date))].sort();
    const byPortfolio = new Map<string, { title: string; views: number[] }>();
    for (const point of points) {
      let entry = byPortfolio.get(point.portfolioId);
      if (!entry) {
        entry = { title: point.title, views: dayList.map(() => 0) };
        byPortfolio.set(point.portfolioId, entry);
      }
      entry.views[dayList.indexOf(point.date)] = point.views;
    }
    return { days: dayList, series: [...byPortfolio.entries()].map(([id, entry]) => ({ id, ...entry })) };
  }, [points]);
  const labels = days.map((day) => dayLabel(day, i18n.language));
  const peak = Math.max(0, ...days.map((_day, index) => series.reduce((sum, s) => sum + (s.views[index] ?? 0), 0)));
  const integer = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 0 });
  return (
    <Box data-testid="portfolio-views-chart">
      <BarChart
        height={260}
        hideLegend={series.length < 2}
        xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
        yAxis={[{ min: 0, max: peak < 4 ? 4 : undefined, tickMinStep: 1, width: 44, valueFormatter: (value: number) => integer.format(value) }]}
        series={series.map((s) => ({ id: s.id, data: s.views, label: s.title, stack: 'views' }))}
        margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
      />
      <Box sx={visuallyHidden}>
        <table>
          <caption>{t('portfolios.views.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('portfolios.views.portfolio')}</th>
              {labels.map((label, index) => (
                <th scope="col" key={days[index]}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((s) => (
              <tr key={s.id}>
                <th scope="row">{s.title}</th>
                {s.views.map((views, index) => (
                  <td key={days[index]}>{views}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
