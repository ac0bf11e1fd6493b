import CheckIcon from '@mui/icons-material/Check';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HolidayVillageOutlinedIcon from '@mui/icons-material/HolidayVillageOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useDeleteVenue } from '@/features/venues/api/delete-venue';
import { useVenue, type Venue } from '@/features/venues/api/get-venue';
import { useVenuePrestations } from '@/features/venues/api/list-venue-prestations';
import { useVenueList } from '@/features/venues/api/list-venues';
import { usePublishVenue } from '@/features/venues/api/publish-venue';
import { useSaveVenue } from '@/features/venues/api/save-venue';
import { PageSkeleton, StatusChips, VenueLoadError } from '@/features/venues/components/venue-bits';
import { VenuePhotos } from '@/features/venues/components/venue-photos';
import { VideosEditor } from '@/features/venues/components/videos-step';
import { formatVenuePrice } from '@/lib/venue-currency';
import { FEATURES, formValues, placeRefusal, serverKeys, videosFormData, type VideoValues } from '@/features/venues/venue-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError, isApiError } from '@/lib/api-error';
import { formatInternational } from '@/lib/validation/phone';
import { intlLocale } from '@/lib/locales';

export const TABS = ['overview', 'services', 'photos', 'videos', 'settings'] as const;
type TabId = (typeof TABS)[number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Overview({ venue }: { venue: Venue }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const key = venue.images.find((image) => image.isKeyImage) ?? venue.images[0];
  const features = FEATURES.filter((feature) => venue.features[feature]);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
      <Box sx={{ aspectRatio: '3 / 2', bgcolor: 'action.hover', borderRadius: 2, overflow: 'hidden', position: 'relative' }}>
        {key ? (
          <Box component="img" src={key.imageUrl} alt={key.alt || t('venues.list.keyImageAlt', { name: venue.name })} sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'text.secondary' }}>
            <HolidayVillageOutlinedIcon sx={{ fontSize: 48 }} aria-hidden="true" />
            <Typography variant="body2">{t('venues.list.noPhoto')}</Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <StatusChips isPublished={venue.isPublished} isValidated={venue.isValidated} />
        {venue.publicUrl ? (
          <Link href={venue.publicUrl} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }} data-testid="venue-public-url">
            {venue.publicUrl}
            <OpenInNewIcon fontSize="small" aria-label={t('venues.detail.newWindow')} />
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('venues.detail.noPublicUrl')}
          </Typography>
        )}
        <Typography sx={{ whiteSpace: 'pre-line' }}>{venue.description}</Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
          <Fact label={t('venues.form.type')}>{venue.typeLabel}</Fact>
          <Fact label={t('venues.form.seatedCapacity')}>{number.format(venue.seatedCapacity)}</Fact>
          <Fact label={t('venues.form.standingCapacity')}>{number.format(venue.standingCapacity)}</Fact>
          <Fact label={t('venues.form.bedrooms')}>{venue.bedrooms === null ? '—' : number.format(venue.bedrooms)}</Fact>
          <Fact label={t('venues.detail.priceRange')}>{t('venues.detail.priceFromTo', { min: formatVenuePrice(venue.minPrice, venue.countryCode, i18n.language), max: formatVenuePrice(venue.maxPrice, venue.countryCode, i18n.language) })}</Fact>
          <Fact label={t('venues.detail.photos')}>{number.format(venue.images.length)}</Fact>
        </Box>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Fact label={t('venues.form.address')}>{[venue.address, `${venue.zipcode} ${venue.city}`, venue.countryLabel].filter(Boolean).join(', ')}</Fact>
          <Fact label={t('venues.form.contact')}>{[venue.email, venue.phone ? formatInternational(venue.phone) : ''].filter(Boolean).join(' · ')}</Fact>
          {(venue.contactPerson.name || venue.contactPerson.role) && <Fact label={t('venues.form.contactPerson')}>{[venue.contactPerson.name, venue.contactPerson.role].filter(Boolean).join(', ')}</Fact>}
          {venue.website && <Fact label={t('venues.form.website')}>{venue.website}</Fact>}
        </Box>
        {features.length > 0 && (
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
              {t('venues.steps.features')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {features.map((feature) => (
                <Box component="li" key={feature} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <CheckIcon fontSize="small" color="success" aria-hidden="true" />
                  {t(`venues.features.${feature}`)}
                </Box>
              ))}
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}

function Services({ venue }: { venue: Venue }) {
  const { t, i18n } = useTranslation();
  const prestations = useVenuePrestations();
  const labelOf = (slug: string) => prestations.data?.find((p) => p.slug === slug)?.label ?? slug;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {venue.prestations.length === 0 && <Typography color="text.secondary">{t('venues.services.none')}</Typography>}
      {venue.prestations.map((slug) => {
        const detail = venue.prestationDetails.find((d) => d.title === slug);
        return (
          <Paper key={slug} variant="outlined" sx={{ p: 2 }} data-testid="venue-service">
            <Typography sx={{ fontWeight: 700 }}>{labelOf(slug)}</Typography>
            {detail && (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('venues.services.from', { amount: formatVenuePrice(detail.budgetStartingFrom, venue.countryCode, i18n.language) })}
                  {!detail.isBudgetVisible && ` · ${t('venues.services.budgetHidden')}`}
                </Typography>
                <Typography sx={{ mt: 1, whiteSpace: 'pre-line' }}>{detail.description}</Typography>
                {!detail.isDescriptionVisible && (
                  <Typography variant="body2" color="text.secondary">
                    {t('venues.services.descriptionHidden')}
                  </Typography>
                )}
              </>
            )}
          </Paper>
        );
      })}
      <Box>
        <Button component={RouterLink} to={`/venues/${venue.id}/services`} variant="outlined" startIcon={<EditOutlinedIcon />}>
          {t('venues.services.edit')}
        </Button>
      </Box>
    </Box>
  );
}

function Videos({ venue }: { venue: Venue }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [errors, setErrors] = useState<Record<number, string>>({});
  // The set being saved, then kept on screen when refused so each video shows its reason.
  const [draft, setDraft] = useState<VideoValues[] | null>(null);
  // The set sent last, to place a refusal on its videos.
  const sent = useRef<VideoValues[]>([]);
  const save = useSaveVenue(venue.id, {
    onSuccess: () => {
      setErrors({});
      setDraft(null);
      notify(t('venues.videos.saved'), 'success');
    },
    onError: (error) => {
      const videos = sent.current;
      const placed = placeRefusal(error, { ...formValues(venue), videos });
      setErrors(Object.fromEntries(Object.entries(placed.videos).map(([index, code]) => [index, serverKeys(code).find((key) => i18n.exists(key)) ?? 'venues.errors.invalid'])));
      if (Object.keys(placed.videos).length === 0) {
        setDraft(null);
        notify(describeError(error, (key) => t(key), 'venues.errors.videos'), 'error');
      }
    },
  });
  const send = (videos: VideoValues[]) => {
    sent.current = videos;
    setDraft(videos);
    save.mutate({ form: videosFormData(videos) });
  };
  return <VideosEditor videos={draft ?? formValues(venue).videos} onChange={send} errors={errors} disabled={save.isPending} />;
}

/** Names of the fields a 422 of the publish says are missing. */
function MissingFields({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!isApiError(error) || Object.keys(error.fields).length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="venue-publish-missing">
      {Object.keys(error.fields).map((field) => {
        const root = field.replace(/[[.].*$/, '');
        const key = `venues.fieldNames.${root}`;
        return <li key={field}>{i18n.exists(key) ? t(key) : field}</li>;
      })}
    </Box>
  );
}

function Settings({ venue }: { venue: Venue }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const publish = usePublishVenue(venue.id, {
    onSuccess: (saved) => {
      notify(saved.isPublished ? t('venues.settings.published') : t('venues.settings.unpublished'), 'success');
    },
  });
  const remove = useDeleteVenue(venue.id, {
    onSuccess: async () => {
      notify(t('venues.settings.deleted'), 'success');
      await navigate('/venues', { replace: true });
    },
  });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {t('venues.settings.publication')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={venue.isPublished}
              onChange={(event) => publish.mutate(event.target.checked)}
              disabled={publish.isPending}
              slotProps={{ input: { 'aria-describedby': 'venue-publish-hint' } }}
              data-testid="venue-publish"
            />
          }
          label={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              {venue.isPublished ? t('venues.status.published') : t('venues.status.draft')}
              {publish.isPending && <CircularProgress size={16} aria-hidden="true" />}
            </Box>
          }
        />
        <Typography id="venue-publish-hint" variant="body2" color="text.secondary">
          {venue.isValidated ? t('venues.settings.publishHint') : t('venues.settings.publishHintUnvalidated')}
        </Typography>
        {publish.isError && (
          <Alert severity="error" data-testid="venue-publish-error">
            <AlertTitle>{describeError(publish.error, (key) => t(key), publish.variables ? 'venues.errors.publish' : 'venues.errors.unpublish')}</AlertTitle>
            <MissingFields error={publish.error} />
          </Alert>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 1.5, borderColor: 'error.light' }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {t('venues.settings.deleteTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('venues.settings.deleteText')}
        </Typography>
        <Box>
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)} data-testid="venue-delete">
            {t('venues.settings.delete')}
          </Button>
        </Box>
      </Paper>
      <ConfirmDialog
        open={confirming}
        title={t('venues.settings.confirmTitle', { name: venue.name })}
        confirmLabel={t('venues.settings.delete')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        errorFallbackKey="venues.errors.deleting"
        onConfirm={() => remove.mutate()}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        <Typography>{t('venues.settings.confirmText')}</Typography>
      </ConfirmDialog>
    </Box>
  );
}

/** /venues/{id}: the venue in five tabs; the tab is in the address (?tab=photos) so a reload keeps it. */
export function VenueDetailPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useVenue(id);
  const list = useVenueList();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabId = (TABS as readonly string[]).includes(asked ?? '') ? (asked as TabId) : 'overview';
  const venue = query.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {query.isPending && <PageSkeleton />}
      {query.isError && <VenueLoadError error={query.error} retry={() => void query.refetch()} heading />}
      {venue && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                {venue.name}
              </Typography>
              <Typography color="text.secondary">{[venue.typeLabel, venue.city].filter(Boolean).join(' · ')}</Typography>
            </Box>
            <Button component={RouterLink} to={`/venues/${venue.id}/edit`} variant="outlined" startIcon={<EditOutlinedIcon />}>
              {t('venues.detail.edit')}
            </Button>
          </Box>
          <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Tabs
              value={tab}
              onChange={(_event, value: TabId) => setParams(value === 'overview' ? {} : { tab: value }, { replace: true })}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label={t('venues.detail.tabs')}
            >
              {TABS.map((id_) => (
                <Tab key={id_} value={id_} label={t(`venues.tabs.${id_}`)} id={`venue-tab-${id_}`} aria-controls={`venue-panel-${id_}`} data-testid={`venue-tab-${id_}`} />
              ))}
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`venue-panel-${tab}`} aria-labelledby={`venue-tab-${tab}`}>
            {tab === 'overview' && <Overview venue={venue} />}
            {tab === 'services' && <Services venue={venue} />}
            {tab === 'photos' && <VenuePhotos venue={venue} maxImages={list.data?.maxImages ?? 30} maxBytes={list.data?.maxImageBytes ?? 5 * 1024 * 1024} />}
            {tab === 'videos' && <Videos venue={venue} />}
            {tab === 'settings' && <Settings venue={venue} />}
          </Box>
        </>
      )}
    </Box>
  );
}
