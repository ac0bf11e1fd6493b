import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useVenue, type Venue } from '@/features/venues/api/get-venue';
import { useSaveVenue } from '@/features/venues/api/save-venue';
import { PrestationsStep } from '@/features/venues/components/prestations-step';
import { PageHeading, PageSkeleton, VenueLoadError } from '@/features/venues/components/venue-bits';
import { stepResolver } from '@/features/venues/step-resolver';
import { formValues, placeRefusal, serverKeys, servicesFormData, STEPS, type VenueFormValues } from '@/features/venues/venue-form';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';

/** The wizard's services step (STEPS), the one this page shows. */
const PRESTATIONS_STEP = STEPS.indexOf('prestations');

/** The services form of a loaded venue: step 3 alone, saved with the update's prestations and details. */
export function ServicesForm({ venue, onSaved }: { venue: Venue; onSaved?: (venue: Venue) => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const save = useSaveVenue(venue.id);
  const form = useForm<VenueFormValues>({ mode: 'onTouched', defaultValues: formValues(venue), resolver: stepResolver(PRESTATIONS_STEP) });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ form: servicesFormData(values) });
      form.reset(formValues(saved));
      notify(t('venues.services.saved'), 'success');
      onSaved?.(saved);
    } catch (error) {
      const placed = placeRefusal(error, values);
      const entries = Object.entries(placed.fields).filter(([path]) => path === 'prestations' || path.startsWith('details.'));
      for (const [path, code] of entries) form.setError(path as 'prestations', { type: 'server', message: serverKeys(code).find((key) => i18n.exists(key)) ?? 'venues.errors.invalid' });
      if (entries.length === 0) setFailure(describeError(error, (key) => t(key), 'venues.errors.saving'));
    }
  });
  const pending = form.formState.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} aria-busy={pending}>
      <PrestationsStep form={form} disabled={pending} />
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined} data-testid="venue-services-save">
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /venues/{id}/services: the services step alone, as a page. */
export function VenueServicesPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useVenue(id);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 }}>
      <PageHeading title={t('venues.services.title')} subtitle={query.data?.name} />
      {query.isPending && <PageSkeleton />}
      {query.isError && <VenueLoadError error={query.error} retry={() => void query.refetch()} />}
      {query.data && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('venues.stepHints.prestations')}
          </Typography>
          <ServicesForm key={query.data.id} venue={query.data} />
        </Paper>
      )}
    </Box>
  );
}
