import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useVenueCards } from '@/features/dashboard/api/get-venue-cards';
import { ChecklistCard } from '@/features/dashboard/components/profile-completion-card';
import { venueTasks } from '@/features/dashboard/venue-checklist';
import { SectionCard } from '@/components/ui/section-card';
import { intlLocale } from '@/lib/locales';

/** The venue owner's checklist: a published venue, and photos, description, capacities and prices on each. */
export function VenueChecklistCard() {
  const { t } = useTranslation();
  const venues = useVenueCards();
  if (venues.isPending) return <Skeleton variant="rounded" height={260} aria-busy="true" />;
  if (venues.isError) return <Alert severity="error">{t('dashboard.error_loading_data')}</Alert>;
  return (
    <ChecklistCard
      tasks={venueTasks(venues.data)}
      title={t('dashboard.venueTasks.title')}
      subtitle={t('dashboard.venueTasks.subtitle')}
      completeText={t('dashboard.venueTasks.complete')}
      data-testid="venue-checklist"
    />
  );
}

/** Per venue, the page views of the last 30 days and the requests received, with their totals. */
export function VenueStatsCard() {
  const { t, i18n } = useTranslation();
  const venues = useVenueCards();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const rows = venues.data ?? [];
  const views = rows.reduce((sum, venue) => sum + venue.views30d, 0);
  const requests = rows.reduce((sum, venue) => sum + venue.requestCount, 0);
  return (
    <SectionCard title={t('dashboard.venueStats.title')} data-testid="venue-stats">
      {venues.isError && <Alert severity="error">{t('dashboard.error_loading_data')}</Alert>}
      {venues.isPending && <Skeleton variant="rounded" height={120} aria-busy="true" />}
      {venues.data && rows.length === 0 && <Typography color="text.secondary">{t('dashboard.venueStats.none')}</Typography>}
      {rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0, marginBottom: 8 }}>{t('dashboard.venueStats.caption')}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('dashboard.venueStats.venue')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('dashboard.venueStats.views30d')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('dashboard.venueStats.requests')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((venue) => (
                <TableRow key={venue.id} data-testid="venue-stats-row">
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={`/venues/${venue.id}`} underline="hover">
                      {venue.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{number.format(venue.views30d)}</TableCell>
                  <TableCell align="right">{number.format(venue.requestCount)}</TableCell>
                </TableRow>
              ))}
              {rows.length > 1 && (
                <TableRow>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                    {t('dashboard.venueStats.total')}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {number.format(views)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {number.format(requests)}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
      )}
    </SectionCard>
  );
}
