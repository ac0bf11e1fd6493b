import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStatisticsRates, type StatisticsRates } from '@/features/dashboard/api/get-statistics-rates';
import { SectionCard } from '@/components/ui/section-card';
import { intlLocale } from '@/lib/locales';

interface Tile {
  id: string;
  labelKey: string;
  value: string;
  bravo?: boolean;
}

function tiles(rates: StatisticsRates, locale: string): Tile[] {
  const percent = new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat(intlLocale(locale));
  const rate = (value: number) => percent.format(value / 100);
  const { answeredRate, seenOpenRate, unlockedRate, rejectedRate } = rates.data;
  return [
    { id: 'answered', labelKey: 'dashboard.stats.answeredRate', value: rate(answeredRate), bravo: answeredRate >= 100 },
    { id: 'seen', labelKey: 'dashboard.stats.seenRate', value: rate(seenOpenRate), bravo: seenOpenRate >= 100 },
    { id: 'unlocked', labelKey: 'dashboard.stats.unlockedRate', value: rate(unlockedRate) },
    { id: 'rejected', labelKey: 'dashboard.stats.rejectedRate', value: rate(rejectedRate) },
    { id: 'messages', labelKey: 'dashboard.stats.monthlyMessages', value: number.format(rates.lastMonthlyMessagesCount) },
    { id: 'views', labelKey: 'dashboard.stats.viewsTotal', value: number.format(rates.viewsTotal) },
  ];
}

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 } as const;

/** The rates of GET /api/statistics/rates; 👏 when every request was answered or seen. */
export function StatisticsCard() {
  const { t, i18n } = useTranslation();
  const rates = useStatisticsRates();
  return (
    <SectionCard title={t('dashboard.statsTitle')} data-testid="statistics-card">
      {rates.isError && <Alert severity="error">{t('dashboard.error_loading_data')}</Alert>}
      {rates.isPending && (
        <Box sx={GRID} aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={84} />
          ))}
        </Box>
      )}
      {rates.data && (
        <Box component="dl" sx={{ ...GRID, m: 0 }}>
          {tiles(rates.data, i18n.language).map((tile) => (
            <Box
              key={tile.id}
              data-testid={`stat-${tile.id}`}
              sx={{
                display: 'flex',
                flexDirection: 'column-reverse',
                justifyContent: 'flex-end',
                gap: 0.5,
                p: 1.5,
                borderRadius: 2,
                bgcolor: 'action.hover',
                minWidth: 0,
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(tile.labelKey)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2 }}>
                {tile.value}
                {tile.bravo && (
                  <Box component="span" role="img" aria-label={t('dashboard.stats.bravo')} sx={{ ml: 1 }} data-testid="bravo">
                    👏
                  </Box>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
