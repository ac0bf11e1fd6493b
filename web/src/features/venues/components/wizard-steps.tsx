import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextControl } from '@/features/venues/components/text-control';
import { useVenueTypes } from '@/features/venues/api/list-venue-types';
import {
  ADDRESS_MAX,
  CONTACT_MAX,
  DESCRIPTION_MAX,
  DETAILED_DESCRIPTION_MAX,
  FEATURE_GROUPS,
  NAME_MAX,
  type VenueFormValues,
} from '@/features/venues/venue-form';
import { AddressFields } from '@/components/ui/address-fields';
import { PhoneField } from '@/components/ui/phone-field';
import { venueCurrencySign } from '@/lib/venue-currency';
import { intlLocale } from '@/lib/locales';

type StepProps = { form: UseFormReturn<VenueFormValues>; disabled?: boolean };

const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5, p: 0 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Step 0: name, type, contact details, the address, the links and the contact person. */
export function GeneralStep({ form, disabled }: StepProps) {
  const { t } = useTranslation();
  const types = useVenueTypes();
  const typeId = useId();
  const typeHelperId = useId();
  const phoneError = form.formState.errors.phone?.message;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Section title={t('venues.form.identity')}>
        <TextControl form={form} name="name" label={t('venues.form.name')} required disabled={disabled} maxLength={NAME_MAX + 20} />
        <Controller
          control={form.control}
          name="type"
          render={({ field, fieldState }) => (
            <FormControl fullWidth required error={Boolean(fieldState.error)} disabled={disabled || types.isPending}>
              <InputLabel htmlFor={typeId} shrink>
                {t('venues.form.type')}
              </InputLabel>
              <NativeSelect
                value={field.value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  if (fieldState.error) void form.trigger('type');
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                input={<OutlinedInput label={t('venues.form.type')} notched />}
                inputProps={{ id: typeId, name: field.name, 'aria-describedby': typeHelperId }}
              >
                <option value="">{t('venues.form.chooseType')}</option>
                {(types.data ?? []).map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </NativeSelect>
              <FormHelperText id={typeHelperId}>
                {fieldState.error?.message ? t(fieldState.error.message) : types.isError ? t('venues.errors.loading_types') : ' '}
              </FormHelperText>
            </FormControl>
          )}
        />
      </Section>
      <Section title={t('venues.form.contact')}>
        <TextControl form={form} name="email" label={t('venues.form.email')} required disabled={disabled} type="email" autoComplete="email" />
        <PhoneField
          countryField={form.register('phoneCountry')}
          numberField={form.register('phone', {
            onBlur: () => {
              const value = form.getValues('phone');
              if (value.trim() !== value) form.setValue('phone', value.trim(), { shouldValidate: true });
            },
          })}
          label={t('venues.form.phone')}
          required
          disabled={disabled}
          error={Boolean(phoneError)}
          helperText={phoneError ? t(phoneError) : undefined}
        />
      </Section>
      <Section title={t('venues.form.location')}>
        <TextControl
          form={form}
          name="address"
          label={t('venues.form.address')}
          placeholder={t('venues.form.addressPlaceholder')}
          required
          disabled={disabled}
          autoComplete="street-address"
          maxLength={ADDRESS_MAX + 20}
        />
        {/* Part 2 §5: a missing postal code, town or country also flags the street line. */}
        <AddressFields form={form} messages="venues.form" disabled={disabled} dependents={['address']} />
      </Section>
      <Section title={t('venues.form.links')}>
        <TextControl form={form} name="website" label={t('venues.form.website')} disabled={disabled} autoComplete="url" hint={t('venues.form.optional')} />
        <Box sx={GRID}>
          <TextControl form={form} name="snFacebook" label={t('venues.form.snFacebook')} disabled={disabled} hint={t('venues.form.snFacebookHint')} />
          <TextControl form={form} name="snInstagram" label={t('venues.form.snInstagram')} disabled={disabled} hint={t('venues.form.snInstagramHint')} />
        </Box>
      </Section>
      <Section title={t('venues.form.contactPerson')}>
        <Box sx={GRID}>
          <TextControl form={form} name="contactName" label={t('venues.form.contactName')} disabled={disabled} maxLength={CONTACT_MAX + 20} autoComplete="name" />
          <TextControl form={form} name="contactRole" label={t('venues.form.contactRole')} disabled={disabled} maxLength={CONTACT_MAX + 20} />
        </Box>
      </Section>
    </Box>
  );
}

/** Step 1: the descriptions, capacities, bedrooms and price range. */
export function DescriptionStep({ form, disabled }: StepProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const sign = venueCurrencySign(useWatch({ control: form.control, name: 'countryCode' }), i18n.language);
  const description = form.watch('description');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Section title={t('venues.form.descriptions')}>
        <TextControl
          form={form}
          name="description"
          label={t('venues.form.description')}
          required
          multiline
          minRows={3}
          disabled={disabled}
          hint={t('venues.form.descriptionHint', { length: number.format([...description.trim()].length), max: number.format(DESCRIPTION_MAX) })}
        />
        <TextControl
          form={form}
          name="detailedDescription"
          label={t('venues.form.detailedDescription')}
          multiline
          minRows={6}
          disabled={disabled}
          hint={t('venues.form.detailedDescriptionHint', { max: number.format(DETAILED_DESCRIPTION_MAX) })}
        />
      </Section>
      <Section title={t('venues.form.capacities')}>
        <Box sx={GRID}>
          <TextControl form={form} name="seatedCapacity" label={t('venues.form.seatedCapacity')} required numeric disabled={disabled} />
          <TextControl form={form} name="standingCapacity" label={t('venues.form.standingCapacity')} required numeric disabled={disabled} />
          <TextControl form={form} name="bedrooms" label={t('venues.form.bedrooms')} numeric disabled={disabled} hint={t('venues.form.optional')} />
        </Box>
      </Section>
      <Section title={t('venues.form.prices')}>
        <Box sx={GRID}>
          <TextControl form={form} name="minPrice" label={t('venues.form.minPrice')} required numeric unit={sign} disabled={disabled} />
          <TextControl form={form} name="maxPrice" label={t('venues.form.maxPrice')} required numeric unit={sign} disabled={disabled} />
        </Box>
      </Section>
    </Box>
  );
}

/** Step 2: the 26 features, as checkboxes in four groups. */
export function FeaturesStep({ form, disabled }: StepProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
      {FEATURE_GROUPS.map((group) => (
        <FormControl key={group.id} component="fieldset" disabled={disabled} sx={{ minWidth: 0 }}>
          <FormLabel component="legend" sx={{ fontWeight: 700, color: 'text.primary', mb: 0.5 }}>
            {t(`venues.featureGroups.${group.id}`)}
          </FormLabel>
          <FormGroup>
            {group.features.map((feature) => (
              <Controller
                key={feature}
                control={form.control}
                name={`features.${feature}`}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={field.name} />}
                    label={t(`venues.features.${feature}`)}
                  />
                )}
              />
            ))}
          </FormGroup>
        </FormControl>
      ))}
    </Box>
  );
}
