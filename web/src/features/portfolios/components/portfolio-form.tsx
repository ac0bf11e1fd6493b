import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePrestations } from '@/lib/api/list-prestations';
import { OptionsMultiSelect } from '@/components/ui/options-multi-select';
import type { PortfolioInput } from '@/features/portfolios/api/create-portfolio';
import type { Portfolio } from '@/features/portfolios/api/get-portfolio';
import { PlaceField, type PlaceValue } from '@/features/portfolios/components/place-field';
import {
  budgetRule,
  budgetValue,
  DESCRIPTION_MAX,
  descriptionRule,
  guestsRule,
  locationRule,
  serverKeys,
  styleRule,
  TITLE_MAX,
  titleRule,
  todayIso,
  weddingDateRule,
} from '@/features/portfolios/portfolio-rules';
import { SectionCard } from '@/components/ui/section-card';
import { describeError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';
import { intlLocale } from '@/lib/locales';

export interface PortfolioFormValues {
  title: string;
  description: string;
  weddingDate: string;
  totalBudget: string;
  plannerBudget: string;
  numberOfGuests: string;
  place: PlaceValue;
  style: string;
  prestations: number[];
  isBudgetHidden: boolean;
}

/** The form's values for a portfolio; a new one starts with its budget hidden (part 2 §5). */
export function formValues(portfolio?: Portfolio): PortfolioFormValues {
  if (!portfolio) {
    return {
      title: '',
      description: '',
      weddingDate: '',
      totalBudget: '',
      plannerBudget: '',
      numberOfGuests: '',
      place: { location: '', city: '', postalCode: '', countryCode: '', latitude: null, longitude: null },
      style: '',
      prestations: [],
      isBudgetHidden: true,
    };
  }
  return {
    title: portfolio.title,
    description: portfolio.description,
    weddingDate: portfolio.weddingDate,
    totalBudget: portfolio.totalBudget ? String(portfolio.totalBudget) : '',
    plannerBudget: portfolio.plannerBudget ? String(portfolio.plannerBudget) : '',
    numberOfGuests: String(portfolio.numberOfGuests),
    place: {
      location: portfolio.location,
      city: portfolio.city,
      postalCode: portfolio.postalCode,
      countryCode: portfolio.countryCode,
      latitude: portfolio.latitude ?? null,
      longitude: portfolio.longitude ?? null,
    },
    style: portfolio.style,
    prestations: portfolio.prestations.map((prestation) => prestation.id),
    isBudgetHidden: portfolio.isBudgetHidden,
  };
}

export function toInput(values: PortfolioFormValues): PortfolioInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    weddingDate: values.weddingDate,
    totalBudget: budgetValue(values.totalBudget),
    plannerBudget: budgetValue(values.plannerBudget),
    numberOfGuests: Number(values.numberOfGuests.trim()),
    location: values.place.location.trim(),
    city: values.place.city,
    postalCode: values.place.postalCode,
    countryCode: values.place.countryCode,
    latitude: values.place.latitude,
    longitude: values.place.longitude,
    style: values.style.trim(),
    isBudgetHidden: values.isBudgetHidden,
    prestations: values.prestations,
  };
}

/** Where the server's field names go in the form. */
const TARGETS: Record<string, Path<PortfolioFormValues>> = {
  title: 'title',
  description: 'description',
  weddingDate: 'weddingDate',
  totalBudget: 'totalBudget',
  plannerBudget: 'plannerBudget',
  numberOfGuests: 'numberOfGuests',
  location: 'place',
  city: 'place',
  postalCode: 'place',
  countryCode: 'place',
  latitude: 'place',
  style: 'style',
  prestations: 'prestations',
};

const message = (rule: (value: string) => string | null) => (value: string) => rule(value) ?? true;

interface PortfolioFormProps {
  portfolio?: Portfolio;
  submitLabel: string;
  cancelTo: string;
  onSubmit: (input: PortfolioInput) => Promise<unknown>;
}

/** Part 2 §5: the portfolio's fields, checked as the server checks them; save waits until they are valid. */
export function PortfolioForm({ portfolio, submitLabel, cancelTo, onSubmit }: PortfolioFormProps) {
  const { t, i18n } = useTranslation();
  const form = useForm<PortfolioFormValues>({ mode: 'onChange', defaultValues: formValues(portfolio) });
  const { control, handleSubmit, setError, formState } = form;
  const prestations = usePrestations(i18n.language);
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(toInput(values));
    } catch (error) {
      const applied = applyFieldErrors(error, setError, {
        targets: (field) => TARGETS[field],
        i18n,
        fallbackKey: 'portfolios.errors.saving',
        keysFor: serverKeys,
        shouldFocus: true,
      });
      if (applied.placed === 0) setError('root.server', { type: 'server', message: describeError(error, (key) => t(key), 'portfolios.errors.saving') });
    }
  });
  const rootError = formState.errors.root?.server?.message;
  const fieldText = (key: string | undefined) => (key ? t(key) : undefined);
  const euro = { input: { endAdornment: <InputAdornment position="end">€</InputAdornment> }, htmlInput: { inputMode: 'numeric' as const } };
  const pending = formState.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} aria-busy={pending}>
      <SectionCard title={t('portfolios.form.wedding')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Controller
            control={control}
            name="title"
            rules={{ validate: message(titleRule) }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('portfolios.form.title')}
                placeholder={t('portfolios.form.titlePlaceholder')}
                required
                disabled={pending}
                error={Boolean(fieldState.error)}
                helperText={fieldText(fieldState.error?.message)}
                slotProps={{ htmlInput: { maxLength: TITLE_MAX + 20 } }}
              />
            )}
          />
          <Controller
            control={control}
            name="description"
            rules={{ validate: message(descriptionRule) }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('portfolios.form.description')}
                placeholder={t('portfolios.form.descriptionPlaceholder')}
                required
                multiline
                minRows={5}
                disabled={pending}
                error={Boolean(fieldState.error)}
                helperText={
                  fieldState.error?.message
                    ? t(fieldState.error.message)
                    : t('portfolios.form.descriptionHint', { length: new Intl.NumberFormat(intlLocale(i18n.language)).format([...field.value.trim()].length), max: new Intl.NumberFormat(intlLocale(i18n.language)).format(DESCRIPTION_MAX) })
                }
                data-testid="portfolio-description"
              />
            )}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <Controller
              control={control}
              name="weddingDate"
              rules={{ validate: (value) => weddingDateRule(value) ?? true }}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  type="date"
                  label={t('portfolios.form.weddingDate')}
                  required
                  disabled={pending}
                  error={Boolean(fieldState.error)}
                  helperText={fieldText(fieldState.error?.message)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso(), min: '1950-01-01' } }}
                />
              )}
            />
            <Controller
              control={control}
              name="numberOfGuests"
              rules={{ validate: message(guestsRule) }}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t('portfolios.form.numberOfGuests')}
                  required
                  disabled={pending}
                  error={Boolean(fieldState.error)}
                  helperText={fieldText(fieldState.error?.message)}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              )}
            />
          </Box>
          <Controller
            control={control}
            name="place"
            rules={{ validate: (value) => locationRule(value.location) ?? true }}
            render={({ field, fieldState }) => (
              <PlaceField value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldState.error?.message} disabled={pending} />
            )}
          />
          <Controller
            control={control}
            name="style"
            rules={{ validate: message(styleRule) }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('portfolios.form.style')}
                placeholder={t('portfolios.form.stylePlaceholder')}
                required
                disabled={pending}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ? t(fieldState.error.message) : t('portfolios.form.styleHint')}
              />
            )}
          />
          <Controller
            control={control}
            name="prestations"
            render={({ field, fieldState }) => (
              <OptionsMultiSelect
                label={t('portfolios.form.prestations')}
                options={prestations.data ?? []}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                loading={prestations.isPending}
                error={fieldState.error?.message}
                helperText={prestations.isError ? t('portfolios.errors.loading_prestations') : t('portfolios.form.prestationsHint')}
                disabled={pending}
                required={false}
                data-testid="portfolio-prestations"
              />
            )}
          />
        </Box>
      </SectionCard>
      <SectionCard title={t('portfolios.form.budget')} description={t('portfolios.form.budgetHint')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <Controller
              control={control}
              name="totalBudget"
              rules={{ validate: message(budgetRule) }}
              render={({ field, fieldState }) => (
                <TextField {...field} label={t('portfolios.form.totalBudget')} disabled={pending} error={Boolean(fieldState.error)} helperText={fieldText(fieldState.error?.message)} slotProps={euro} />
              )}
            />
            <Controller
              control={control}
              name="plannerBudget"
              rules={{ validate: message(budgetRule) }}
              render={({ field, fieldState }) => (
                <TextField {...field} label={t('portfolios.form.plannerBudget')} disabled={pending} error={Boolean(fieldState.error)} helperText={fieldText(fieldState.error?.message)} slotProps={euro} />
              )}
            />
          </Box>
          <Controller
            control={control}
            name="isBudgetHidden"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} disabled={pending} />}
                label={
                  <Box>
                    <Typography>{t('portfolios.form.isBudgetHidden')}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {field.value ? t('portfolios.form.budgetHiddenOn') : t('portfolios.form.budgetHiddenOff')}
                    </Typography>
                  </Box>
                }
                sx={{ alignItems: 'flex-start', '& .MuiSwitch-root': { mt: -0.5 } }}
              />
            )}
          />
        </Box>
      </SectionCard>
      {rootError && (
        <Alert severity="error" role="alert">
          {rootError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1.5 }}>
        <Button component={RouterLink} to={cancelTo} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isValid || pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          data-testid="portfolio-save"
        >
          {pending ? t('common.saving') : submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
