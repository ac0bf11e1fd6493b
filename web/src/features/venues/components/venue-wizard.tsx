import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Venue } from '@/features/venues/api/get-venue';
import { useSaveVenue } from '@/features/venues/api/save-venue';
import { stepResolver } from '@/features/venues/step-resolver';
import { ImagesStep } from '@/features/venues/components/images-step';
import { PrestationsStep } from '@/features/venues/components/prestations-step';
import { VideosEditor } from '@/features/venues/components/videos-step';
import { DescriptionStep, FeaturesStep, GeneralStep } from '@/features/venues/components/wizard-steps';
import { perFileProgress } from '@/features/venues/format';
import {
  formValues,
  placeRefusal,
  serverKeys,
  STEPS,
  stepErrors,
  toFormData,
  VENUE_IMAGE_MAX_BYTES,
  type PendingImage,
  type VenueFormValues,
} from '@/features/venues/venue-form';
import { describeError, isApiError } from '@/lib/api-error';
import { isCountryCode } from '@/lib/validation/phone';

interface VenueWizardProps {
  venue?: Venue;
  maxImages: number;
  maxImageBytes?: number;
  /** The locale's country, for the phone's country of a new venue. */
  homeCountry?: string;
  onSaved: (venue: Venue) => Promise<void> | void;
  cancelTo: string;
}

/** Bytes of the multipart form besides the photos, for the per-photo progress (a rough estimate of the text fields and boundaries). */
const FORM_OVERHEAD_BYTES = 4096;

/**
 * The venue wizard of part 2 §4 (create and edit): six steps, Back disabled
 * on the first, Next checking the step's required fields, the last step's
 * button saving the whole venue in one multipart request; a refusal
 * returns to the step of the first field named.
 */
export function VenueWizard({ venue, maxImages, maxImageBytes = VENUE_IMAGE_MAX_BYTES, homeCountry = 'FR', onSaved, cancelTo }: VenueWizardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'));
  const [step, setStep] = useState(0);
  // useForm takes its options again on each render: the resolver checks the step shown.
  const form = useForm<VenueFormValues>({
    mode: 'onTouched',
    defaultValues: formValues(venue, isCountryCode(homeCountry) ? homeCountry : 'FR'),
    resolver: stepResolver(step),
  });
  const [images, setImages] = useState<PendingImage[]>([]);
  const [videos, setVideos] = useState(() => form.getValues('videos'));
  const [videoErrors, setVideoErrors] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [failure, setFailure] = useState<{ message: string; premium: boolean } | null>(null);
  const saveVenue = useSaveVenue(venue?.id ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  const last = STEPS.length - 1;
  const keyFor = (code: string) => serverKeys(code).find((key) => i18n.exists(key)) ?? 'venues.errors.invalid';

  const go = (next: number) => {
    setStep(next);
    // The new step's title takes the focus, so screen readers announce where they are.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const next = async () => {
    if (await form.trigger(undefined, { shouldFocus: true })) go(step + 1);
  };

  const save = async () => {
    const values = { ...form.getValues(), videos };
    // Every step is checked again: a refusal takes the wizard to its step.
    for (let s = 0; s < STEPS.length; s += 1) {
      const found = stepErrors(s, values);
      if (Object.keys(found).length > 0) {
        for (const [path, message] of Object.entries(found)) form.setError(path as 'name', { type: 'validation', message });
        go(s);
        return;
      }
    }
    const sending = images.filter((image) => !image.error);
    setSaving(true);
    setFailure(null);
    setVideoErrors({});
    setProgress(sending.length > 0 ? sending.map(() => 0) : null);
    try {
      const saved = await saveVenue.mutateAsync({
        form: toFormData(values, sending),
        onProgress: (sent) => {
          if (sending.length > 0) setProgress(perFileProgress(sent, sending.map((image) => image.file.size), FORM_OVERHEAD_BYTES));
        },
      });
      await onSaved(saved);
    } catch (error) {
      setProgress(null);
      const placed = placeRefusal(error, values);
      for (const [path, code] of Object.entries(placed.fields)) form.setError(path as 'name', { type: 'server', message: keyFor(code) });
      if (Object.keys(placed.images).length > 0) {
        setImages((all) => {
          const accepted = all.filter((image) => !image.error);
          return all.map((image) => {
            const code = placed.images[accepted.indexOf(image)];
            return code ? { ...image, error: keyFor(code) } : image;
          });
        });
      }
      setVideoErrors(Object.fromEntries(Object.entries(placed.videos).map(([index, code]) => [index, keyFor(code)])));
      if (placed.step !== null) {
        go(placed.step);
      } else {
        const premium = isApiError(error) && error.code === 'venue.errors.premium_required';
        setFailure({ message: describeError(error, (key) => t(key), 'venues.errors.saving'), premium });
      }
    } finally {
      setSaving(false);
    }
  };

  const stepTitle = t(`venues.steps.${STEPS[step]}`);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {compact ? (
        <Box data-testid="venue-stepper" aria-label={t('venues.wizard.progress')} role="group">
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
            {t('venues.wizard.stepOf', { step: step + 1, total: STEPS.length, title: stepTitle })}
          </Typography>
          <LinearProgress variant="determinate" value={((step + 1) / STEPS.length) * 100} aria-hidden="true" sx={{ height: 8, borderRadius: 4 }} />
        </Box>
      ) : (
        <Stepper nonLinear activeStep={step} alternativeLabel data-testid="venue-stepper" aria-label={t('venues.wizard.progress')}>
          {STEPS.map((id, index) => (
            <Step key={id} completed={index < step}>
              {/* Steps already passed can be reopened; later ones wait for Next. */}
              <StepButton onClick={() => go(index)} disabled={saving || index > step} aria-current={index === step ? 'step' : undefined}>
                {t(`venues.steps.${id}`)}
              </StepButton>
            </Step>
          ))}
        </Stepper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box>
          <Typography ref={heading} tabIndex={-1} variant="h2" sx={{ fontSize: '1.25rem', outline: 'none' }} data-testid="venue-step-title">
            {stepTitle}
          </Typography>
          <Typography color="text.secondary">{t(`venues.stepHints.${STEPS[step]}`)}</Typography>
        </Box>
        <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} aria-busy={saving}>
          {step === 0 && <GeneralStep form={form} disabled={saving} />}
          {step === 1 && <DescriptionStep form={form} disabled={saving} />}
          {step === 2 && <FeaturesStep form={form} disabled={saving} />}
          {step === 3 && <PrestationsStep form={form} disabled={saving} />}
          {step === 4 && (
            <ImagesStep images={images} onChange={setImages} existing={venue?.images.length ?? 0} maxImages={maxImages} maxBytes={maxImageBytes} progress={progress} disabled={saving} />
          )}
          {step === 5 && <VideosEditor videos={videos} onChange={setVideos} errors={videoErrors} disabled={saving} />}
        </Box>
        {failure && (
          <Alert
            severity="error"
            role="alert"
            action={
              failure.premium ? (
                <Button component={RouterLink} to="/subscription" color="inherit" size="small">
                  {t('venues.list.upgrade')}
                </Button>
              ) : undefined
            }
          >
            {failure.message}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Link component={RouterLink} to={cancelTo} underline="hover" sx={{ mr: 'auto' }}>
            {t('common.cancel')}
          </Link>
          <Button onClick={() => go(step - 1)} disabled={step === 0 || saving} data-testid="venue-back">
            {t('venues.wizard.back')}
          </Button>
          {step < last ? (
            <Button variant="contained" onClick={() => void next()} disabled={saving} data-testid="venue-next">
              {t('venues.wizard.next')}
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={() => void save()}
              disabled={saving}
              startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
              data-testid="venue-save"
            >
              {venue ? t('venues.wizard.save') : t('venues.wizard.create')}
            </Button>
          )}
        </Box>
      </Paper>
    </Box>
  );
}
