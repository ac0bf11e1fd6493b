import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useVenue, type Venue } from '@/features/venues/api/get-venue';
import { useVenueList } from '@/features/venues/api/list-venues';
import { PageHeading, PageSkeleton, VenueLoadError } from '@/features/venues/components/venue-bits';
import { VenueWizard } from '@/features/venues/components/venue-wizard';
import { useNotify } from '@/components/ui/snackbar-provider';
import { useCurrentUser } from '@/lib/auth/session';

const PAGE = { display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 } as const;

function UpgradeNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" icon={<WorkspacePremiumOutlinedIcon />} data-testid="venue-upgrade-notice" action={
      <Button component={RouterLink} to="/subscription" color="inherit" size="small">
        {t('venues.list.upgrade')}
      </Button>
    }>
      {t('venues.list.premiumRequired')}
    </Alert>
  );
}

/** /venues/create: the wizard, or the premium notice when the free plan holds its one venue. */
export function CreateVenuePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const user = useCurrentUser();
  const list = useVenueList();
  const saved = async (venue: Venue) => {
    notify(t('venues.wizard.created'), 'success');
    await navigate(`/venues/${venue.id}`);
  };
  return (
    <Box sx={PAGE}>
      <PageHeading title={t('venues.wizard.createTitle')} subtitle={t('venues.wizard.createSubtitle')} />
      {list.isPending && <PageSkeleton />}
      {list.data && !list.data.canAddMore && <UpgradeNotice />}
      {(list.isError || list.data?.canAddMore) && (
        <VenueWizard maxImages={list.data?.maxImages ?? 30} maxImageBytes={list.data?.maxImageBytes} homeCountry={user.country} onSaved={saved} cancelTo="/venues" />
      )}
    </Box>
  );
}

/** /venues/{id}/edit: the same wizard, filled in; it saves with POST /api/venues/{id}. */
export function EditVenuePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const query = useVenue(id);
  const list = useVenueList();
  return (
    <Box sx={PAGE}>
      <PageHeading title={t('venues.wizard.editTitle')} subtitle={query.data?.name} />
      {query.isPending && <PageSkeleton />}
      {query.isError && <VenueLoadError error={query.error} retry={() => void query.refetch()} />}
      {query.data && (
        <VenueWizard
          key={query.data.id}
          venue={query.data}
          maxImages={list.data?.maxImages ?? 30}
          maxImageBytes={list.data?.maxImageBytes}
          onSaved={async (venue) => {
            notify(t('venues.wizard.saved'), 'success');
            await navigate(`/venues/${venue.id}`);
          }}
          cancelTo={`/venues/${id}`}
        />
      )}
    </Box>
  );
}
