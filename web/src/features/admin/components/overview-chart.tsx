import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDay } from '@/features/admin/format';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { intlLocale } from '@/lib/locales';

export interface OverviewSeries {
  id: string;
  label: string;
  data: number[];
  color: string;
  /** How a value reads (a count, an amount of money); plain integers by default. */
  format?: (value: number) => string;
}

interface OverviewChartProps {
  /** What the chart shows; the caption of the table read by screen readers. */
  caption: string;
  /** The days (YYYY-MM-DD), oldest first, one per value of each series. */
  dates: string[];
  series: OverviewSeries[];
  /** Formats the value axis when the series share a unit that is not a plain count. */
  axisFormat?: (value: number) => string;
  testId?: string;
}

/**
 * Values per day as bars (loaded on demand with @mui/x-charts, which makes
 * the chart keyboard-navigable); the same numbers follow in a visually
 * hidden table for screen readers. A period with nothing still draws its
 * days on a 0-4 axis, so a fresh install shows zeros rather than a void.
 */
export function OverviewChart({ caption, dates, series, axisFormat, testId }: OverviewChartProps) {
  const { t, i18n } = useTranslation();
  const labels = useMemo(() => dates.map((date) => formatShortDay(date, i18n.language)), [dates, i18n.language]);
  const integer = useMemo(() => new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 0 }), [i18n.language]);
  const peak = Math.max(0, ...series.flatMap((one) => one.data));
  const plain = (value: number) => integer.format(value);
  return (
    <Box data-testid={testId}>
      <BarChart
        height={240}
        xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
        yAxis={[{ min: 0, max: peak < 4 ? 4 : undefined, tickMinStep: 1, width: 56, valueFormatter: axisFormat ?? plain }]}
        series={series.map((one) => ({
          id: one.id,
          data: one.data,
          label: one.label,
          color: one.color,
          valueFormatter: (value: number | null) => (value === null ? '' : (one.format ?? plain)(value)),
        }))}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
      {/* A table cannot be clipped by itself: the hidden box holds it. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.overview.date')}</th>
              {series.map((one) => (
                <th key={one.id} scope="col">
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((date, index) => (
              <tr key={date}>
                <th scope="row">{labels[index]}</th>
                {series.map((one) => (
                  <td key={one.id}>{(one.format ?? plain)(one.data[index] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
