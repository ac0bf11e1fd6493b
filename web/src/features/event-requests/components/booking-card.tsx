import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBooking } from '@/features/event-requests/api/get-booking';
import { useSetBooked } from '@/features/event-requests/api/set-booked';
import { formatDate } from '@/features/event-requests/request-status';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

/** A YYYY-MM-DD day as the reader's locale writes it, the same day everywhere. */
function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * "Booked with you?" on an unlocked request: the provider marks the request
 * as booked (or the couple said so), and 7 days after the wedding the couple
 * is invited to write a verified review, one a real booking stands behind. The mark can be
 * undone until the invitation is sent.
 */
export function BookingCard({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const booking = useBooking(uuid, true);
  const setBooked = useSetBooked(uuid);
  const b = booking.data;
  if (booking.isPending) return <Skeleton variant="rounded" height={120} />;
  if (!b || !b.canMark) return null;
  const booked = b.byProvider || b.byCouple;
  const change = (next: boolean) =>
    setBooked.mutate(next, {
      onSuccess: () => notify(t(next ? 'requests.booking.marked' : 'requests.booking.unmarked'), 'success'),
      onError: (error) => notify(describeError(error, t, 'requests.booking.error'), 'error'),
    });

  let status: string;
  if (b.invitedAt) status = t('requests.booking.invited', { date: formatDate(b.invitedAt, i18n.language, 'long') });
  else if (booked) status = t('requests.booking.willInvite', { date: formatDay(b.inviteOn, i18n.language) });
  else status = t('requests.booking.explain');

  return (
    <Card component="section" aria-labelledby="booking-title" data-testid="booking-card" data-booked={booked ? 'true' : 'false'}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: { xs: 'flex-start', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, p: { xs: 2, sm: 3 } }}>
        <EventAvailableOutlinedIcon color={booked ? 'success' : 'primary'} aria-hidden="true" sx={{ fontSize: 36 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="booking-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
            {b.byCouple ? t('requests.booking.byCouple') : b.byProvider ? t('requests.booking.byYou') : t('requests.booking.title')}
          </Typography>
          <Typography color="text.secondary">{status}</Typography>
        </Box>
        {!b.byProvider && !b.byCouple && (
          <Button variant="contained" disabled={setBooked.isPending} onClick={() => change(true)}>
            {t('requests.booking.mark')}
          </Button>
        )}
        {b.byProvider && !b.invitedAt && (
          <Button variant="outlined" disabled={setBooked.isPending} onClick={() => change(false)}>
            {t('requests.booking.undo')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
