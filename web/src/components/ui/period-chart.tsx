import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PeriodToggle } from '@/components/ui/period-toggle';
import { SectionCard } from '@/components/ui/section-card';

interface PremiumChartCardProps {
  title: string;
  /** The prefix of the test ids: `<id>-card`, `<id>-teaser`, and the chart's. */
  testId: string;
  premium: boolean;
  /** What a free plan sees instead: why to upgrade, and the way to /subscription. */
  teaser: { title: string; text: string; button: string };
  /** The chart, for premium plans only. */
  children: ReactNode;
}

/** A chart that premium plans see, with an invitation to upgrade for the others. */
export function PremiumChartCard({ title, testId, premium, teaser, children }: PremiumChartCardProps) {
  return (
    <SectionCard title={title} data-testid={`${testId}-card`}>
      {premium ? (
        children
      ) : (
        <Box
          data-testid={`${testId}-teaser`}
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
            <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{teaser.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {teaser.text}
            </Typography>
          </Box>
          <Button component={RouterLink} to="/subscription" variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {teaser.button}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}

interface PeriodChartProps<P extends string, T> {
  /** The prefix of the test ids: `<id>-total`, `<id>-loading`. */
  testId: string;
  period: P;
  periods: readonly P[];
  /** The period group's accessible name, and each period's text. */
  periodLabel: string;
  periodText: (period: P) => string;
  onPeriodChange: (period: P) => void;
  /** The period's points, once read (the previous period's while the next one loads). */
  points: T[] | undefined;
  pending: boolean;
  failed: boolean;
  /** The period's total, shown with the points. */
  total: string;
  errorText: string;
  /** Shown instead of the chart when the period has no point; without it, the chart shows the empty period. */
  emptyText?: string;
  /** The chart itself, usually lazy: it waits behind the loading skeleton. */
  chart: (points: T[]) => ReactNode;
}

/** A chart over a chosen period (today, 7 days, 30 days): the periods, the total, then the chart or what stands for it. */
export function PeriodChart<P extends string, T>({ testId, period, periods, periodLabel, periodText, onPeriodChange, points, pending, failed, total, errorText, emptyText, chart }: PeriodChartProps<P, T>) {
  const skeleton = <Skeleton variant="rounded" height={260} data-testid={`${testId}-loading`} />;
  const empty = emptyText !== undefined && points?.length === 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <PeriodToggle value={period} periods={periods} label={periodLabel} text={periodText} onChange={onPeriodChange} />
        {points && (
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid={`${testId}-total`}>
            {total}
          </Typography>
        )}
      </Box>
      {failed && <Alert severity="error">{errorText}</Alert>}
      {pending && skeleton}
      {empty && <Typography color="text.secondary">{emptyText}</Typography>}
      {points && !empty && <Suspense fallback={skeleton}>{chart(points)}</Suspense>}
    </Box>
  );
}
