import CheckIcon from '@mui/icons-material/Check';
import HideImageOutlinedIcon from '@mui/icons-material/HideImageOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VENUE_STATUSES, useAdminVenues, type AdminVenue, type VenueStatus } from '@/features/admin/api/list-venues';
import { useSetVenueValidation } from '@/features/admin/api/set-venue-validation';
import { AdminPage } from '@/features/admin/components/admin-page';
import { DetailList } from '@/features/admin/components/detail-list';
import { QueryState } from '@/features/admin/components/query-state';
import { VenuePhotoViewer } from '@/features/admin/components/venue-photo-viewer';
import { formatDateTime, fullName } from '@/features/admin/format';
import { usePageAndFilters } from '@/features/admin/hooks/use-page-and-filters';
import { countryName, formatPriceRange, ownerAccountPath } from '@/features/admin/venue-facts';
import { venueCurrency } from '@/lib/venue-currency';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/snackbar-provider';

const asStatus = (value: string): VenueStatus => (VENUE_STATUSES.includes(value as VenueStatus) ? (value as VenueStatus) : 'to_validate');

/** How many thumbnails a card shows before a "+n" that opens the viewer. */
const THUMBNAILS = 6;

function VenuePhotos({ venue, onOpen }: { venue: AdminVenue; onOpen: (index: number) => void }) {
  const { t } = useTranslation();
  const [key, ...rest] = venue.photos;
  if (!key) {
    return (
      <Box
        sx={{ aspectRatio: '3 / 2', borderRadius: 1, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center', p: 2 }}
        data-testid="venue-no-photos"
      >
        <Box>
          <HideImageOutlinedIcon aria-hidden="true" />
          <Typography variant="body2">{t('admin.venues.photos.none')}</Typography>
        </Box>
      </Box>
    );
  }
  const total = venue.photos.length;
  const shown = rest.slice(0, THUMBNAILS);
  const more = rest.length - shown.length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <ButtonBase
        onClick={() => onOpen(0)}
        aria-label={t('admin.venues.photos.open', { index: 1, total })}
        sx={{ display: 'block', borderRadius: 1, overflow: 'hidden', position: 'relative' }}
      >
        <Box component="img" src={key.thumbnailUrl} alt="" sx={{ display: 'block', width: '100%', aspectRatio: '3 / 2', objectFit: 'cover' }} />
        {key.isKeyImage && (
          <Chip size="small" color="primary" label={t('admin.venues.photos.key')} sx={{ position: 'absolute', left: 8, top: 8 }} />
        )}
      </ButtonBase>
      {shown.length > 0 && (
        <Box component="ul" aria-label={t('admin.venues.photos.count', { n: total })} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(56px, 1fr))', gap: 0.75 }}>
          {shown.map((photo, i) => (
            <li key={photo.id}>
              <ButtonBase
                onClick={() => onOpen(i + 1)}
                aria-label={t('admin.venues.photos.open', { index: i + 2, total })}
                sx={{ display: 'block', width: '100%', borderRadius: 0.5, overflow: 'hidden', opacity: photo.isVisible ? 1 : 0.55 }}
              >
                <Box component="img" src={photo.thumbnailUrl} alt="" sx={{ display: 'block', width: '100%', aspectRatio: '1', objectFit: 'cover' }} />
              </ButtonBase>
            </li>
          ))}
          {more > 0 && (
            <li>
              <ButtonBase
                onClick={() => onOpen(THUMBNAILS + 1)}
                aria-label={t('admin.venues.photos.open', { index: THUMBNAILS + 2, total })}
                sx={{ width: '100%', aspectRatio: '1', borderRadius: 0.5, bgcolor: 'action.selected', typography: 'body2', fontWeight: 600 }}
              >
                +{more}
              </ButtonBase>
            </li>
          )}
        </Box>
      )}
    </Box>
  );
}

function VenueCard({ venue, busy, onDecide }: { venue: AdminVenue; busy: boolean; onDecide: (venue: AdminVenue) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [photo, setPhoto] = useState<number | null>(null);
  const prices = formatPriceRange(venue.minPrice, venue.maxPrice, venueCurrency(venue.countryCode), locale);
  const place = [venue.zipcode && venue.city ? `${venue.zipcode} ${venue.city}` : venue.city, countryName(venue.countryCode, locale)].filter(Boolean).join(', ');
  const capacities = [
    venue.seatedCapacity > 0 ? t('admin.venues.facts.seated', { n: venue.seatedCapacity }) : '',
    venue.standingCapacity > 0 ? t('admin.venues.facts.standing', { n: venue.standingCapacity }) : '',
    venue.bedrooms != null && venue.bedrooms > 0 ? t('admin.venues.facts.bedrooms', { n: venue.bedrooms }) : '',
  ].filter(Boolean);
  const ownerName = fullName(venue.owner);

  return (
    <Card component="li" data-testid="admin-venue" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' } }}>
        <VenuePhotos venue={venue} onOpen={setPhoto} />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
          <Box>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
              {venue.name}
            </Typography>
            <Typography color="text.secondary">{[t(`admin.venues.types.${venue.type}`), place].filter(Boolean).join(' · ')}</Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              label={venue.isPublished ? t('admin.venues.chips.published') : t('admin.venues.chips.draft')}
              color={venue.isPublished ? 'info' : 'default'}
              variant={venue.isPublished ? 'filled' : 'outlined'}
            />
            <Chip
              size="small"
              label={venue.isValidated ? t('admin.venues.chips.validated') : t('admin.venues.chips.notValidated')}
              color={venue.isValidated ? 'success' : 'warning'}
              data-testid="venue-validation-chip"
            />
          </Box>
          <DetailList
            items={[
              { label: t('admin.venues.facts.capacities'), value: capacities.length > 0 ? capacities.join(' · ') : t('admin.venues.facts.notGiven') },
              { label: t('admin.venues.facts.prices'), value: prices ?? t('admin.venues.facts.notGiven') },
              {
                label: t('admin.venues.facts.features'),
                value:
                  venue.features.length > 0 ? (
                    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {venue.features.map((feature) => (
                        <li key={feature}>
                          <Chip size="small" variant="outlined" label={t(`admin.venues.features.${feature}`)} />
                        </li>
                      ))}
                    </Box>
                  ) : (
                    t('admin.venues.facts.noFeatures')
                  ),
              },
              {
                label: t('admin.venues.facts.description'),
                value: venue.description ? (
                  <Box>
                    <Typography sx={{ whiteSpace: 'pre-line' }}>{venue.description}</Typography>
                    {venue.detailedDescription && (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', mt: 0.5, display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                        {venue.detailedDescription}
                      </Typography>
                    )}
                  </Box>
                ) : (
                  t('admin.venues.facts.notGiven')
                ),
              },
              {
                label: t('admin.venues.facts.owner'),
                value: (
                  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
                    <span>
                      {ownerName}{' '}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        ({venue.owner.email})
                      </Box>
                    </span>
                    <Chip
                      size="small"
                      label={venue.owner.isModerated ? t('admin.venues.ownerModerated') : t('admin.venues.ownerNotModerated')}
                      color={venue.owner.isModerated ? 'success' : 'warning'}
                      variant="outlined"
                      data-testid="venue-owner-moderation"
                    />
                    <Link component={RouterLink} to={ownerAccountPath(venue.owner.email)} variant="body2">
                      {t('admin.venues.ownerAccount')}
                    </Link>
                  </Box>
                ),
              },
              {
                label: t('admin.venues.facts.dates'),
                value: [
                  t('admin.venues.facts.created', { date: formatDateTime(venue.createdAt, locale) }),
                  venue.validatedAt ? t('admin.venues.facts.validatedOn', { date: formatDateTime(venue.validatedAt, locale) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · '),
              },
            ]}
          />
          {venue.publicUrl && (
            <Link href={venue.publicUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
              {t('admin.venues.publicPage')}
              <OpenInNewIcon fontSize="inherit" aria-hidden="true" />
            </Link>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 'auto' }}>
        {!venue.isPublished && !venue.isValidated && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {t('admin.venues.draftNote')}
          </Typography>
        )}
        {venue.isValidated ? (
          <Button variant="outlined" color="error" startIcon={<UndoIcon aria-hidden="true" />} disabled={busy} onClick={() => onDecide(venue)}>
            {t('admin.venues.unvalidate')}
          </Button>
        ) : (
          <Button variant="contained" color="success" startIcon={<CheckIcon aria-hidden="true" />} disabled={busy || !venue.isPublished} onClick={() => onDecide(venue)}>
            {t('admin.venues.validate')}
          </Button>
        )}
      </CardActions>
      <VenuePhotoViewer venueName={venue.name} photos={venue.photos} index={photo} onIndex={setPhoto} onClose={() => setPhoto(null)} />
    </Card>
  );
}

/**
 * Venues to validate: each with its photos and facts, so an admin
 * can judge it here; validating e-mails the owner, and only validated venues
 * of moderated owners are public. Both decisions ask first.
 */
export function VenuesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { page, setPage, values, setFilter } = usePageAndFilters(['status']);
  const status = asStatus(values.status);
  const venues = useAdminVenues(status, page);
  const decide = useSetVenueValidation();
  const [confirm, setConfirm] = useState<AdminVenue | null>(null);

  const doDecide = (venue: AdminVenue) =>
    decide.mutate(
      { id: venue.id, validated: !venue.isValidated },
      {
        onSuccess: (after) => {
          notify(t(after.isValidated ? 'admin.venues.validatedNotice' : 'admin.venues.unvalidatedNotice', { name: after.name }));
          setConfirm(null);
        },
      },
    );

  return (
    <AdminPage title={t('menu.adminVenues')} subtitle={t('admin.venues.subtitle')}>
      <Tabs
        value={status}
        onChange={(_, next: VenueStatus) => setFilter('status', next === 'to_validate' ? '' : next)}
        aria-label={t('admin.venues.statusLabel')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {VENUE_STATUSES.map((value) => (
          <Tab key={value} value={value} label={t(`admin.venues.status.${value}`)} />
        ))}
      </Tabs>
      <QueryState query={venues} isEmpty={(data) => data.items.length === 0} emptyTitle={t(`admin.venues.empty.${status}`)} rows={3}>
        {(data) => (
          <Box>
            {venues.isPlaceholderData && <LinearProgress aria-label={t('admin.states.loading')} sx={{ mb: 1 }} />}
            <Box component="ul" aria-label={t(`admin.venues.status.${status}`)} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
              {data.items.map((venue) => (
                <VenueCard
                  key={venue.id}
                  venue={venue}
                  busy={decide.isPending && decide.variables.id === venue.id}
                  onDecide={(v) => {
                    decide.reset();
                    setConfirm(v);
                  }}
                />
              ))}
            </Box>
            <TablePagination
              component="div"
              count={data.total}
              page={Math.max(0, data.page - 1)}
              rowsPerPage={data.pageSize}
              rowsPerPageOptions={[]}
              onPageChange={(_, next) => setPage(next + 1)}
              labelDisplayedRows={({ from, to, count }) => t('admin.table.displayedRows', { from, to, total: count })}
              getItemAriaLabel={(type) => t(`admin.table.${type}Page`)}
            />
          </Box>
        )}
      </QueryState>

      {confirm && (
        <ConfirmDialog
          open
          title={confirm.isValidated ? t('admin.venues.unvalidateTitle') : t('admin.venues.validateTitle')}
          confirmLabel={confirm.isValidated ? t('admin.venues.unvalidate') : t('admin.venues.validate')}
          color={confirm.isValidated ? 'error' : 'success'}
          pending={decide.isPending}
          error={decide.error ?? undefined}
          errorFallbackKey="admin.errors.generic"
          onConfirm={() => doDecide(confirm)}
          onClose={() => setConfirm(null)}
        >
          <DialogContentText>
            {t(confirm.isValidated ? 'admin.venues.unvalidateText' : 'admin.venues.validateText', {
              name: confirm.name,
              owner: fullName(confirm.owner) || confirm.owner.email,
            })}
          </DialogContentText>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}
