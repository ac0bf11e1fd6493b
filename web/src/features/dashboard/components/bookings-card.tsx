import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStatisticsBookings, type StatisticsBookings } from '@/features/dashboard/api/get-statistics-bookings';
import { SectionCard } from '@/components/ui/section-card';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { formatMoney } from '@/lib/money';
import { intlLocale } from '@/lib/locales';


/** "nov. 26" style month of "2026-11", in the reader's language. */
function monthLabel(month: string, locale: string, style: 'short' | 'long'): string {
  const [year, mon] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year!, mon! - 1, 1));
  return new Intl.DateTimeFormat(intlLocale(locale), style === 'short' ? { month: 'narrow', timeZone: 'UTC' } : { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

const TILE = { display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end', gap: 0.5, p: 1.5, borderRadius: 2, bgcolor: 'action.hover', minWidth: 0 } as const;

function Bookings({ data }: { data: StatisticsBookings }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const number = new Intl.NumberFormat(intlLocale(locale));
  const top = Math.max(1, ...data.months.map((m) => m.booked));
  // One amount per currency paid in, the billing currency first; never added together.
  const each = (pick: (cost: StatisticsBookings['costs'][number]) => number | null) => {
    const shown = data.costs.filter((cost, index) => index === 0 || (pick(cost) ?? 0) > 0);
    if (shown.some((cost) => pick(cost) === null)) return '—';
    return shown.map((cost) => formatMoney(pick(cost) ?? 0, cost.currency, locale)).join(' · ');
  };
  const perBooking = each((cost) => cost.perBookingCents);
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, m: 0 }}>
        <Box sx={TILE} data-testid="bookings-count">
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('refund.bookings.booked')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2 }}>
            {number.format(data.booked)}
          </Typography>
        </Box>
        <Box sx={TILE} data-testid="bookings-cost">
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('refund.bookings.perBooking')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2 }}>
            {perBooking}
          </Typography>
        </Box>
      </Box>
      {/* Twelve empty bars say nothing the note does not: they come with the first booking. */}
      {data.booked > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, height: 72, mt: 2 }} aria-hidden="true" data-testid="bookings-bars">
          {data.months.map((m) => (
            <Box key={m.month} sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, height: '100%', justifyContent: 'flex-end' }}>
              <Box sx={{ width: '100%', maxWidth: 24, height: `${Math.max(4, (m.booked / top) * 48)}px`, borderRadius: 1, bgcolor: m.booked ? 'primary.main' : 'divider' }} />
              <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1 }}>
                {monthLabel(m.month, locale, 'short')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box component="table" sx={visuallyHidden}>
        <caption>{t('refund.bookings.chart')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('refund.bookings.month')}</th>
            <th scope="col">{t('refund.bookings.count')}</th>
          </tr>
        </thead>
        <tbody>
          {data.months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month, locale, 'long')}</th>
              <td>{number.format(m.booked)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="bookings-note">
        {data.booked === 0
          ? t('refund.bookings.none')
          : t('refund.bookings.spent', {
              spent: each((cost) => cost.spentCents),
              credits: number.format(data.creditsSpent),
              value: each((cost) => cost.creditValueCents),
            })}
      </Typography>
    </>
  );
}

/** Weddings booked with the provider (GET /api/statistics/bookings): the count, the cost of each, a bar per month; "—" before a first booking. */
export function BookingsCard() {
  const { t } = useTranslation();
  const bookings = useStatisticsBookings();
  return (
    <SectionCard title={t('refund.bookings.title')} description={t('refund.bookings.subtitle')} data-testid="bookings-card">
      {bookings.isError && <Alert severity="error">{t('dashboard.error_loading_data')}</Alert>}
      {bookings.isPending && <Skeleton variant="rounded" height={180} aria-busy="true" />}
      {bookings.data && <Bookings data={bookings.data} />}
    </SectionCard>
  );
}
