import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCompanyAddress, type CompanyAddress } from '@/features/company/api/get-company-address';
import { useUpdateCompanyAddress } from '@/features/company/api/update-company-address';
import { CompanyPageFrame } from '@/features/company/components/company-page-frame';
import { SaveButton } from '@/features/company/components/save-button';
import { AddressFields } from '@/components/ui/address-fields';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
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
  const form = useForm<AddressValues>({ resolver: zodResolver(addressSchema), mode: 'onTouched', defaultValues: toValues(address) });
  const values = useWatch({ control: form.control });

  const save = useUpdateCompanyAddress({
    onSuccess: (saved) => {
      form.reset(toValues(saved));
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
        onSubmit={form.handleSubmit(() => {
          const input = form.getValues();
          save.mutate({
            zipcode: input.zipcode.trim(),
            city: input.city.trim(),
            countryCode: input.countryCode,
            countryLabel: regionNamesOf(i18n.language)(input.countryCode),
            latitude: input.latitude,
            longitude: input.longitude,
          });
        })}
        sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
      >
        <AddressFields form={form} messages="company.address" disabled={save.isPending} />
        <SaveButton disabled={!canSave} pending={save.isPending} />
      </Box>
    </SectionCard>
  );
}

/** /company/address: where the company is; only its city is public. */
export function CompanyAddressPage() {
  const { t } = useTranslation();
  const query = useCompanyAddress();
  return (
    <CompanyPageFrame title={t('company.address.title')} subtitle={t('company.address.subtitle')} query={query}>
      {(address) => <AddressForm address={address} />}
    </CompanyPageFrame>
  );
}
