import AddIcon from '@mui/icons-material/Add';
import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HolidayVillageOutlinedIcon from '@mui/icons-material/HolidayVillageOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { VenueCard as Card_ } from '@/features/venues/api/list-venues';
import { PageHeading, StatusChips } from '@/features/venues/components/venue-bits';
import { useVenueList } from '@/features/venues/api/list-venues';
import { countKey } from '@/features/venues/format';
import { describeError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

function KeyImage({ venue }: { venue: Card_ }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'relative', aspectRatio: '3 / 2', bgcolor: 'action.hover', overflow: 'hidden' }}>
      {venue.keyImageUrl ? (
        <Box
          component="img"
          src={venue.keyImageUrl}
          alt={t('venues.list.keyImageAlt', { name: venue.name })}
          loading="lazy"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'text.secondary' }} data-testid="venue-no-photo">
          <HolidayVillageOutlinedIcon sx={{ fontSize: 40 }} aria-hidden="true" />
          <Typography variant="body2">{t('venues.list.noPhoto')}</Typography>
        </Box>
      )}
    </Box>
  );
}

function VenueCardView({ venue }: { venue: Card_ }) {
  const { t, i18n } = useTranslation();
  const titleId = `venue-${venue.id}`;
  return (
    <Card component="article" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }} data-testid="venue-card">
      <KeyImage venue={venue} />
      <CardContent sx={{ flexGrow: 1, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={`/venues/${venue.id}`} underline="hover" color="inherit">
            {venue.name}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <PlaceOutlinedIcon fontSize="small" aria-hidden="true" />
          {[venue.typeLabel, venue.city].filter(Boolean).join(' · ')}
        </Typography>
        <StatusChips isPublished={venue.isPublished} isValidated={venue.isValidated} />
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="venue-photo-count">
          <CollectionsOutlinedIcon fontSize="small" aria-hidden="true" />
          {t(countKey('venues.list.photos', venue.imageCount, i18n.language), { n: new Intl.NumberFormat(intlLocale(i18n.language)).format(venue.imageCount) })}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        <Button component={RouterLink} to={`/venues/${venue.id}`} size="small" variant="outlined">
          {t('venues.list.open')}
        </Button>
        <Button component={RouterLink} to={`/venues/${venue.id}/edit`} size="small" startIcon={<EditOutlinedIcon />} aria-label={t('venues.list.editNamed', { name: venue.name })}>
          {t('venues.list.edit')}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * The Add button. A free owner with a venue gets it disabled, with the
 * premium tooltip on a focusable wrapper (a disabled button takes no focus
 * nor touch), and the link to the subscription beside it.
 */
function AddButton({ canAddMore }: { canAddMore: boolean }) {
  const { t } = useTranslation();
  if (canAddMore) {
    return (
      <Button component={RouterLink} to="/venues/create" variant="contained" startIcon={<AddIcon />} data-testid="venue-add">
        {t('venues.list.add')}
      </Button>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Tooltip title={t('venues.list.premiumRequired')} enterTouchDelay={0} describeChild>
        <Box component="span" tabIndex={0} role="button" aria-disabled="true" sx={{ display: 'inline-flex', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }} data-testid="venue-add-wrapper">
          <Button variant="contained" startIcon={<AddIcon />} disabled data-testid="venue-add" tabIndex={-1}>
            {t('venues.list.add')}
          </Button>
        </Box>
      </Tooltip>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 360 }}>
        {t('venues.list.premiumRequired')}{' '}
        <Link component={RouterLink} to="/subscription" sx={{ fontWeight: 600 }} data-testid="venue-upgrade">
          {t('venues.list.upgrade')}
        </Link>
      </Typography>
    </Box>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 6, px: 3 }} data-testid="venues-empty">
        <HolidayVillageOutlinedIcon color="primary" sx={{ fontSize: 56 }} aria-hidden="true" />
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('venues.list.emptyTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {t('venues.list.emptyText')}
        </Typography>
        <Button component={RouterLink} to="/venues/create" variant="contained" startIcon={<AddIcon />} sx={{ mt: 1 }}>
          {t('venues.list.addFirst')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** /venues: the owner's venues as cards, and the Add button the plan allows. */
export function VenuesPage() {
  const { t } = useTranslation();
  const list = useVenueList();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <PageHeading title={t('venues.list.title')} subtitle={t('venues.list.subtitle')} />
        {list.data && list.data.venues.length > 0 && <AddButton canAddMore={list.data.canAddMore} />}
      </Box>
      {list.isPending && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }} aria-busy="true">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={300} />
          ))}
        </Box>
      )}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {describeError(list.error, (key) => t(key), 'venues.errors.loading')}
        </Alert>
      )}
      {list.data && list.data.venues.length === 0 && <EmptyState />}
      {list.data && list.data.venues.length > 0 && (
        <Box component="section" aria-label={t('venues.list.title')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
          {list.data.venues.map((venue) => (
            <VenueCardView key={venue.id} venue={venue} />
          ))}
        </Box>
      )}
    </Box>
  );
}
