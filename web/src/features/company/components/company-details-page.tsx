import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCompanyDetails, type CompanyDetails } from '@/features/company/api/get-company-details';
import { useUpdateCompanyDetails } from '@/features/company/api/update-company-details';
import { CompanyIdField } from '@/features/company/components/company-id-field';
import { CompanyNameField } from '@/features/company/components/company-name-field';
import { CompanyPageFrame } from '@/features/company/components/company-page-frame';
import { CreationDateField } from '@/features/company/components/creation-date-field';
import { SaveButton } from '@/features/company/components/save-button';
import { blocksSaving, useSiretCheck, type SiretOutcome } from '@/features/company/api/check-siret';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { HOME_COUNTRY } from '@/lib/countries';
import { applyFieldErrors } from '@/lib/form-errors';
import { hasCompanyNumber } from '@/lib/validation/company-numbers';
import { detailsSchema, type DetailsValues } from '@/lib/validation/company-forms';

const FIELDS = ['name', 'siret', 'webSite', 'dateOfCreation'] as const;

function toValues(details: CompanyDetails): DetailsValues {
  return { name: details.name, siret: details.siret, webSite: details.webSite, dateOfCreation: details.dateOfCreation };
}

/** The saved SIRET's status, read like a fresh check so the field says what the register said. */
function savedOutcome(details: CompanyDetails): { siret: string; outcome: SiretOutcome } | null {
  return details.siret ? { siret: details.siret, outcome: details.siretStatus } : null;
}

interface DetailsContext {
  countryCode: string;
}

const resolver: Resolver<DetailsValues, DetailsContext> = (values, context, options) =>
  zodResolver(detailsSchema(context?.countryCode ?? ''))(values, context, options);

function DetailsForm({ details }: { details: CompanyDetails }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const needsSiret = details.countryCode === HOME_COUNTRY;
  const needsNumber = hasCompanyNumber(details.countryCode);
  const form = useForm<DetailsValues, DetailsContext>({
    resolver,
    context: { countryCode: details.countryCode },
    mode: 'onTouched',
    defaultValues: toValues(details),
  });
  const { control, handleSubmit, setError, reset } = form;
  const values = useWatch({ control });
  const siret = values.siret ?? '';
  const known = useMemo(() => savedOutcome(details), [details]);
  const siretCheck = useSiretCheck(needsSiret ? siret : '', { known });
  const siretChanged = siret !== details.siret;

  const save = useUpdateCompanyDetails({
    onSuccess: (saved) => {
      reset(toValues(saved));
      notify(t('company.saved'));
    },
    onError: (failure) => {
      notify(t('errors.saving'), 'error');
      applyFieldErrors(failure, setError, { targets: FIELDS, i18n, fallbackKey: 'company.errors.invalidField', shouldFocus: true });
    },
  });

  const canSave = detailsSchema(details.countryCode).safeParse(values).success && !(needsSiret && siretChanged && blocksSaving(siretCheck));

  return (
    <SectionCard title={t('company.details.section')} data-testid="company-details-card">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(() => {
          const input = form.getValues();
          save.mutate({
            name: input.name.trim(),
            siret: needsNumber ? input.siret.trim() : '',
            webSite: input.webSite.trim(),
            dateOfCreation: input.dateOfCreation,
          });
        })}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        <CompanyNameField control={control} name="name" />
        <CompanyIdField control={control} name="siret" country={details.countryCode} check={siretCheck} />
        <Controller
          control={control}
          name="webSite"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onBlur={() => {
                const trimmed = field.value.trim();
                if (trimmed !== field.value) form.setValue('webSite', trimmed, { shouldValidate: true });
                field.onBlur();
              }}
              type="url"
              label={t('company.details.website')}
              placeholder="www.example.com"
              autoComplete="url"
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ? t(fieldState.error.message) : t('company.details.websiteHint')}
            />
          )}
        />
        <CreationDateField control={control} name="dateOfCreation" />
        <SaveButton disabled={!canSave} pending={save.isPending} />
      </Box>
    </SectionCard>
  );
}

/** /company/details: name, company number (the SIRET in France, the country's own elsewhere), website and creation date. */
export function CompanyDetailsPage() {
  const { t } = useTranslation();
  const query = useCompanyDetails();
  return (
    <CompanyPageFrame title={t('company.details.title')} subtitle={t('company.details.subtitle')} query={query}>
      {(details) => <DetailsForm details={details} />}
    </CompanyPageFrame>
  );
}
