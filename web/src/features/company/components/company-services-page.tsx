import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCompanyServices, type CompanyServices } from '@/features/company/api/get-company-services';
import { useUpdateCompanyServices } from '@/features/company/api/update-company-services';
import { CompanyPageFrame } from '@/features/company/components/company-page-frame';
import { SaveButton } from '@/features/company/components/save-button';
import { ServiceSelect } from '@/features/company/components/service-selects';
import { useCompanyOptions } from '@/features/company/hooks/use-company-options';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { applyFieldErrors } from '@/lib/form-errors';
import { servicesPageSchema, type ServiceDetailValues, type ServicesPageValues } from '@/lib/validation/company-forms';
import { DESCRIPTION_MAX } from '@/lib/validation/company-rules';

/** A newly chosen service: no description, no budget, both shown (part 1 §3: the flags default to true). */
export function emptyDetail(prestationId: number): ServiceDetailValues {
  return { prestationId, description: '', budget: '', isDescriptionVisible: true, isBudgetVisible: true };
}

function toValues(services: CompanyServices): ServicesPageValues {
  const prestations = services.prestations.map((option) => option.id);
  return {
    langues: services.langues,
    prestations,
    details: prestations.map((id) => {
      const saved = services.prestationDetails.find((detail) => detail.prestationId === id);
      if (!saved) return emptyDetail(id);
      return {
        prestationId: id,
        description: saved.description ?? '',
        budget: saved.budgetStartingFrom === null || saved.budgetStartingFrom === undefined ? '' : String(saved.budgetStartingFrom),
        isDescriptionVisible: saved.isDescriptionVisible ?? true,
        isBudgetVisible: saved.isBudgetVisible ?? true,
      };
    }),
  };
}

function ServiceDetailCard({ index, label, control }: { index: number; label: string; control: Control<ServicesPageValues> }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} data-testid="service-detail">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Typography id={titleId} variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600 }}>
          {label}
        </Typography>
        <Controller
          control={control}
          name={`details.${index}.description`}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={t('company.services.description')}
              multiline
              minRows={3}
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message
                  ? t(fieldState.error.message)
                  : t('company.services.descriptionCounter', { length: field.value.length, max: DESCRIPTION_MAX })
              }
              slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
            />
          )}
        />
        <Controller
          control={control}
          name={`details.${index}.isDescriptionVisible`}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label={t('company.services.showDescription')}
            />
          )}
        />
        <Controller
          control={control}
          name={`details.${index}.budget`}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => field.onChange(event.target.value.replace(/[\s\u00a0]/g, ''))}
              label={t('company.services.budget')}
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ? t(fieldState.error.message) : t('company.services.budgetHint')}
              sx={{ maxWidth: { sm: 320 } }}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
        />
        <Controller
          control={control}
          name={`details.${index}.isBudgetVisible`}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label={t('company.services.showBudget')}
            />
          )}
        />
      </CardContent>
    </Card>
  );
}

const DETAIL_FIELD = /^prestationDetails\.(\d+)\.(description|budgetStartingFrom)$/;

function ServicesForm({ services }: { services: CompanyServices }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const options = useCompanyOptions();
  const form = useForm<ServicesPageValues>({ resolver: zodResolver(servicesPageSchema), mode: 'onTouched', defaultValues: toValues(services) });
  const { control, setValue, getValues, setError, reset } = form;
  const values = useWatch({ control });
  const details = useWatch({ control, name: 'details' });
  // Details of a service taken off and put back are not lost before saving.
  const removed = useRef(new Map<number, ServiceDetailValues>());

  const labelOf = (id: number) =>
    options.prestations.find((option) => option.id === id)?.label ?? services.prestations.find((option) => option.id === id)?.label ?? '';

  const choosePrestations = (ids: number[]) => {
    const current = getValues('details');
    for (const detail of current) if (!ids.includes(detail.prestationId)) removed.current.set(detail.prestationId, detail);
    const details = ids.map((id) => current.find((detail) => detail.prestationId === id) ?? removed.current.get(id) ?? emptyDetail(id));
    setValue('details', details, { shouldDirty: true });
  };

  const save = useUpdateCompanyServices({
    onSuccess: (saved) => {
      removed.current.clear();
      reset(toValues(saved));
      notify(t('company.saved'));
    },
    onError: (failure, payload) => {
      notify(t('errors.saving'), 'error');
      applyFieldErrors(failure, setError, {
        targets: (key) => {
          if (key === 'langues' || key === 'prestations') return key;
          const match = DETAIL_FIELD.exec(key);
          if (!match || !payload.prestationDetails?.[Number(match[1])]) return null;
          return `details.${Number(match[1])}.${match[2] === 'description' ? 'description' : 'budget'}`;
        },
        i18n,
        fallbackKey: 'company.errors.invalidField',
      });
    },
  });

  const canSave = servicesPageSchema.safeParse(values).success;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit(() => {
        const input = getValues();
        save.mutate({
          langues: input.langues,
          prestations: input.prestations,
          prestationDetails: input.details.map((detail) => ({
            prestationId: detail.prestationId,
            description: detail.description.trim(),
            budgetStartingFrom: detail.budget.trim() === '' ? null : Number(detail.budget.trim()),
            isDescriptionVisible: detail.isDescriptionVisible,
            isBudgetVisible: detail.isBudgetVisible,
          })),
        });
      })}
      sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
    >
      <SectionCard title={t('company.services.languesSection')} data-testid="company-langues-card">
        <ServiceSelect control={control} name="langues" kind="langues" options={options} />
      </SectionCard>
      <SectionCard
        title={t('company.services.prestationsSection')}
        description={t('company.services.prestationsText')}
        data-testid="company-prestations-card"
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ServiceSelect control={control} name="prestations" kind="prestations" options={options} onChosen={choosePrestations} />
          {details.map((detail, index) => (
            <ServiceDetailCard key={detail.prestationId} index={index} label={labelOf(detail.prestationId)} control={control} />
          ))}
        </Box>
      </SectionCard>
      <SaveButton disabled={!canSave} pending={save.isPending} />
    </Box>
  );
}

/** /company/services: spoken languages and services, each service with its description and starting budget. */
export function CompanyServicesPage() {
  const { t } = useTranslation();
  const query = useCompanyServices();
  return (
    <CompanyPageFrame title={t('company.services.title')} subtitle={t('company.services.subtitle')} query={query}>
      {(services) => <ServicesForm services={services} />}
    </CompanyPageFrame>
  );
}
