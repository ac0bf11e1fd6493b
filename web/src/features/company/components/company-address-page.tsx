import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COMPANY_ADDRESS_KEY, getCompanyAddress, type CompanyAddress } from '@/features/company/api/get-company-address';
import { updateCompanyAddress } from '@/features/company/api/update-company-address';
import { AddressFields } from '@/features/company/components/address-fields';
import { CompanyPageFrame } from '@/features/company/components/company-page-frame';
import { SaveButton } from '@/features/company/components/save-button';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { ME_QUERY_KEY } from '@/lib/auth/session';
import { applyFieldErrors } from '@/lib/form-errors';
import { regionNamesOf } from '@/lib/region-names';
import { addressSchema, type AddressValues } from '@/lib/validation/company-forms';

function toValues(address: CompanyAddress): AddressValues {
  return {
    zipcode: address.zipcode,
    city: address.city,
    countryCode: address.countryCode,
    latitude: address.latitude ?? null,
    longitude: address.longitude ?? null,
  };
}

const FIELDS = { zipcode: 'zipcode', city: 'city', countryCode: 'countryCode', latitude: 'latitude', longitude: 'latitude' } as const;

function AddressForm({ address }: { address: CompanyAddress }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const form = useForm<AddressValues>({ resolver: zodResolver(addressSchema), mode: 'onTouched', defaultValues: toValues(address) });
  const values = useWatch({ control: form.control });

  const save = useMutation({
    mutationFn: (input: AddressValues) =>
      updateCompanyAddress({
        zipcode: input.zipcode.trim(),
        city: input.city.trim(),
        countryCode: input.countryCode,
        countryLabel: regionNamesOf(i18n.language)(input.countryCode),
        latitude: input.latitude,
        longitude: input.longitude,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(COMPANY_ADDRESS_KEY, saved);
      form.reset(toValues(saved));
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['company', 'details'] });
      notify(t('company.saved'));
    },
    onError: (failure) => {
      notify(t('errors.saving'), 'error');
      applyFieldErrors(failure, form.setError, { targets: FIELDS, i18n, fallbackKey: 'company.errors.invalidField' });
    },
  });

  const canSave = addressSchema.safeParse(values).success;

  return (
    <SectionCard title={t('company.address.section')} data-testid="company-address-card">
      <Alert severity="info" icon={<VisibilityOutlinedIcon fontSize="inherit" />} sx={{ mb: 3 }} data-testid="address-privacy">
        {t('company.address.publicNote')}
      </Alert>
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}
        sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
      >
        <AddressFields form={form} disabled={save.isPending} />
        <SaveButton disabled={!canSave} pending={save.isPending} />
      </Box>
    </SectionCard>
  );
}

/** /company/address: where the company is; only its city is public. */
export function CompanyAddressPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: COMPANY_ADDRESS_KEY, queryFn: getCompanyAddress });
  return (
    <CompanyPageFrame title={t('company.address.title')} subtitle={t('company.address.subtitle')} query={query}>
      {(address) => <AddressForm address={address} />}
    </CompanyPageFrame>
  );
}
