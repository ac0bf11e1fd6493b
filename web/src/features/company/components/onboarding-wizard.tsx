import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFinishOnboarding } from '@/features/company/api/finish-onboarding';
import { CompanyIdField } from '@/features/company/components/company-id-field';
import { CompanyNameField } from '@/features/company/components/company-name-field';
import { CreationDateField } from '@/features/company/components/creation-date-field';
import { AddressFields } from '@/components/ui/address-fields';
import { ServiceSelect } from '@/features/company/components/service-selects';
import { useCompanyOptions } from '@/features/company/hooks/use-company-options';
import { blocksSaving, useSiretCheck } from '@/features/company/api/check-siret';
import { wizardField } from '@/features/company/server-errors';
import { useNotify } from '@/components/ui/snackbar-provider';
import { isApiError } from '@/lib/api-error';
import { getConfig } from '@/lib/config';
import { HOME_COUNTRY, isEuropeanCountry } from '@/lib/countries';
import { applyFieldErrors } from '@/lib/form-errors';
import { hasCompanyNumber } from '@/lib/validation/company-numbers';
import {
  addressSchema,
  companyStepSchema,
  servicesStepSchema,
  type AddressValues,
  type CompanyStepValues,
  type ServicesStepValues,
} from '@/lib/validation/company-forms';

const STEPS = ['onboarding.steps.company', 'onboarding.steps.address', 'onboarding.steps.services'] as const;
const STEP_TITLES = ['onboarding.company.title', 'onboarding.address.title', 'onboarding.services.title'] as const;
const STEP_TEXTS = ['onboarding.company.text', 'onboarding.address.text', 'onboarding.services.text'] as const;

interface ServicesContext {
  countryCode: string;
}

/** The step 3 schema depends on the country chosen in step 2 (the SIRET is French). */
const servicesResolver: Resolver<ServicesStepValues, ServicesContext> = (values, context, options) =>
  zodResolver(servicesStepSchema(context?.countryCode ?? ''))(values, context, options);

/**
 * The three-step wizard of part 1 §2: company (name, creation date), address
 * (search, postal code, city, country), services (the company number named
 * as the country names it: SIRET in France; services,
 * languages). Each Next is enabled once its step is valid; Finish sends
 * everything to POST /api/onboarding/finish, and on 201 the guard takes the
 * user to /dashboard with the state fromOnboarding.
 */
export function OnboardingWizard() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [active, setActive] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const domainCountry = getConfig().country;

  const companyForm = useForm<CompanyStepValues>({
    resolver: zodResolver(companyStepSchema),
    mode: 'onTouched',
    defaultValues: { name: '', dateOfCreation: '' },
  });
  const addressForm = useForm<AddressValues>({
    resolver: zodResolver(addressSchema),
    mode: 'onTouched',
    defaultValues: {
      zipcode: '',
      city: '',
      countryCode: isEuropeanCountry(domainCountry) ? domainCountry : '',
      latitude: null,
      longitude: null,
    },
  });
  const countryCode = useWatch({ control: addressForm.control, name: 'countryCode' });
  const servicesForm = useForm<ServicesStepValues, ServicesContext>({
    resolver: servicesResolver,
    context: { countryCode },
    mode: 'onTouched',
    defaultValues: { siret: '', prestations: [], langues: [] },
  });
  const options = useCompanyOptions();

  const companyValues = useWatch({ control: companyForm.control });
  const addressValues = useWatch({ control: addressForm.control });
  const servicesValues = useWatch({ control: servicesForm.control });
  const siret = useWatch({ control: servicesForm.control, name: 'siret' });
  const needsSiret = countryCode === HOME_COUNTRY;
  const needsNumber = hasCompanyNumber(countryCode);
  const siretCheck = useSiretCheck(needsSiret ? siret : '');

  const valid = [
    companyStepSchema.safeParse(companyValues).success,
    addressSchema.safeParse(addressValues).success,
    servicesStepSchema(countryCode).safeParse(servicesValues).success && !(needsSiret && blocksSaving(siretCheck)),
  ];

  useEffect(() => {
    // Moving between steps takes the focus to the new step's title.
    if (moved.current) headingRef.current?.focus();
  }, [active]);

  const go = (step: number) => {
    moved.current = true;
    setActive(step);
  };

  // On success the guard takes the finished user to /dashboard (useFinishOnboarding).
  const finish = useFinishOnboarding({
    onError: (failure) => {
      notify(t('onboarding.error'), 'error');
      // A 409 (finished already) refreshes the user, and the guard moves on.
      if (!isApiError(failure) || failure.status === 409) return;
      // Each step's form takes the fields of its step; the wizard then shows the first step refused.
      const options = { i18n, fallbackKey: 'company.errors.invalidField' };
      const placed = [
        applyFieldErrors(failure, companyForm.setError, { ...options, targets: (key) => wizardField(key, 0) }).placed,
        applyFieldErrors(failure, addressForm.setError, { ...options, targets: (key) => wizardField(key, 1) }).placed,
        applyFieldErrors(failure, servicesForm.setError, { ...options, targets: (key) => wizardField(key, 2) }).placed,
      ];
      const first = placed.findIndex((count) => count > 0);
      if (first !== -1) go(first);
    },
  });

  const submit = () => {
    const company = companyForm.getValues();
    const address = addressForm.getValues();
    const services = servicesForm.getValues();
    finish.mutate({
      company: {
        name: company.name.trim(),
        siret: needsNumber ? services.siret.trim() : '',
        address: {
          zipcode: address.zipcode.trim(),
          city: address.city.trim(),
          countryCode: address.countryCode,
          latitude: address.latitude,
          longitude: address.longitude,
        },
        prestations: services.prestations,
        langues: services.langues,
        dateOfCreation: company.dateOfCreation || null,
      },
    });
  };

  const last = active === STEPS.length - 1;
  const busy = finish.isPending;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('onboarding.title')}
        </Typography>
        <Typography color="text.secondary">{t('onboarding.subtitle')}</Typography>
      </Box>

      <Stepper activeStep={active} alternativeLabel aria-label={t('onboarding.progress')} component="ol" sx={{ p: 0, m: 0 }}>
        {STEPS.map((key, index) => (
          <Step key={key} completed={index < active} component="li" sx={{ listStyle: 'none' }}>
            <StepLabel>
              <span aria-current={index === active ? 'step' : undefined}>{t(key)}</span>
            </StepLabel>
          </Step>
        ))}
      </Stepper>

      <Card component="section" aria-labelledby="onboarding-step-title">
        <CardContent sx={{ p: { xs: 2, sm: 4 }, '&:last-child': { pb: { xs: 2, sm: 4 } } }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {t('onboarding.stepOf', { current: active + 1, total: STEPS.length })}
          </Typography>
          <Typography
            id="onboarding-step-title"
            ref={headingRef}
            tabIndex={-1}
            variant="h2"
            sx={{ fontSize: '1.375rem', mb: 0.5, outline: 'none' }}
          >
            {t(STEP_TITLES[active] ?? STEP_TITLES[0])}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t(STEP_TEXTS[active] ?? STEP_TEXTS[0])}
          </Typography>

          <Box
            component="form"
            noValidate
            id="onboarding-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!valid[active] || busy) return;
              if (last) submit();
              else go(active + 1);
            }}
          >
            {active === 0 && (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }} data-testid="onboarding-step-company">
                <CompanyNameField control={companyForm.control} name="name" disabled={busy} />
                <CreationDateField control={companyForm.control} name="dateOfCreation" disabled={busy} />
              </Box>
            )}

            {active === 1 && (
              <Box data-testid="onboarding-step-address">
                <AddressFields form={addressForm} messages="company.address" disabled={busy} />
              </Box>
            )}

            {active === 2 && (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }} data-testid="onboarding-step-services">
                <CompanyIdField key={countryCode} control={servicesForm.control} name="siret" country={countryCode} check={siretCheck} disabled={busy} />
                <ServiceSelect control={servicesForm.control} name="prestations" kind="prestations" options={options} disabled={busy} />
                <ServiceSelect control={servicesForm.control} name="langues" kind="langues" options={options} disabled={busy} />
              </Box>
            )}
          </Box>

          <Box
            sx={{
              mt: 4,
              display: 'flex',
              flexDirection: { xs: 'column-reverse', sm: 'row' },
              justifyContent: 'space-between',
              gap: 1.5,
            }}
          >
            <Box>
              {active > 0 && (
                <Button onClick={() => go(active - 1)} disabled={busy} size="large" sx={{ width: { xs: '100%', sm: 'auto' } }}>
                  {t('onboarding.back')}
                </Button>
              )}
            </Box>
            <Button
              type="submit"
              form="onboarding-form"
              variant="contained"
              size="large"
              disabled={!valid[active] || busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {last ? t('onboarding.finish') : t('onboarding.next')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
