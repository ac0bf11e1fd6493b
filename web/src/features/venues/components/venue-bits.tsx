import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { describeError, isApiError } from '@/lib/api-error';

/** Published or draft, validated or awaiting validation. */
export function StatusChips({ isPublished, isValidated }: { isPublished: boolean; isValidated: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      <Chip size="small" color={isPublished ? 'success' : 'default'} label={isPublished ? t('venues.status.published') : t('venues.status.draft')} data-testid="venue-published-chip" />
      <Chip
        size="small"
        variant="outlined"
        color={isValidated ? 'success' : 'warning'}
        label={isValidated ? t('venues.status.validated') : t('venues.status.awaitingValidation')}
        data-testid="venue-validated-chip"
      />
    </Box>
  );
}

export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: subtitle ? 1 : 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
    </Box>
  );
}

export function PageSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy="true">
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={160} />
      <Skeleton variant="rounded" height={56} />
    </Box>
  );
}

/**
 * Part 2 §8: a venue that could not be read. Unknown or another owner's
 * (404 venue.detail.not_found) is a not-found state with the way back;
 * anything else says why and offers to retry.
 */
export function VenueLoadError({ error, retry, heading = false }: { error: unknown; retry: () => void; heading?: boolean }) {
  const { t } = useTranslation();
  const gone = isApiError(error) && (error.status === 404 || error.status === 403);
  if (gone) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }} data-testid="venue-not-found">
        {/* The detail page has no title of its own before the venue is read. */}
        {heading && <Typography variant="h1">{t('venues.detail.notFoundTitle')}</Typography>}
        <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
          {t('venue.detail.not_found')}
        </Alert>
        <Button component={RouterLink} to="/venues" variant="contained">
          {t('venues.detail.backToList')}
        </Button>
      </Box>
    );
  }
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {t('common.retry')}
        </Button>
      }
    >
      {describeError(error, (key) => t(key), 'venues.errors.loading')}
    </Alert>
  );
}
