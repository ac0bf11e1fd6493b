import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useMemo, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { dialCode, MAIN_COUNTRIES, otherCountries, regionNames } from '@/lib/validation/phone';

interface PhoneFieldProps {
  /** register('phoneCountry') of the form: a native select of country codes. */
  countryField: UseFormRegisterReturn;
  /** register('phone') of the form: the number, national or with its +prefix. */
  numberField: UseFormRegisterReturn;
  label: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
}

/**
 * A phone number with its country: the seven countries of the product first,
 * then every other one, each with its dialling code. A native select (the
 * phone's own picker on mobile) and no flag images, so nothing is fetched
 * from a third party.
 */
export function PhoneField({
  countryField,
  numberField,
  label,
  error,
  helperText,
  required,
  disabled,
  autoComplete = 'tel-national',
}: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const countryId = useId();
  const { ref: countryRef, ...countryRest } = countryField;
  const locale = i18n.language;
  const { names, others } = useMemo(() => ({ names: regionNames(locale), others: otherCountries(locale) }), [locale]);
  const option = (country: (typeof others)[number]) => (
    <option key={country} value={country}>
      {`${names(country)} (${dialCode(country)})`}
    </option>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 2, sm: 1.5 }, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
      <FormControl sx={{ width: { xs: '100%', sm: 190 }, flexShrink: 0 }} disabled={disabled}>
        <InputLabel htmlFor={countryId} shrink>
          {t('phone.country')}
        </InputLabel>
        <NativeSelect
          {...countryRest}
          inputRef={countryRef}
          input={<OutlinedInput label={t('phone.country')} notched />}
          inputProps={{ id: countryId }}
        >
          <optgroup label={t('phone.mainCountries')}>{MAIN_COUNTRIES.map(option)}</optgroup>
          <optgroup label={t('phone.otherCountries')}>{others.map(option)}</optgroup>
        </NativeSelect>
      </FormControl>
      <TextInput
        {...numberField}
        label={label}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        required={required}
        disabled={disabled}
        fullWidth
        error={error}
        helperText={helperText}
      />
    </Box>
  );
}
