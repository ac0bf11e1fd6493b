import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import type { SiretCheckState } from '@/features/company/api/check-siret';
import { CompanyNumberField } from '@/features/company/components/company-number-field';
import { SiretField } from '@/features/company/components/siret-field';
import { HOME_COUNTRY } from '@/lib/countries';
import { hasCompanyNumber } from '@/lib/validation/company-numbers';

interface CompanyIdFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  /** The company's country: it says which number, if any. */
  country: string;
  /** The register's answer about the SIRET (France only). */
  check: SiretCheckState;
  disabled?: boolean;
}

/**
 * The company's number as its country names it (wizard step 3, details
 * page): the SIRET and the register's answer in France, the country's own
 * number elsewhere, nothing where the country has none.
 */
export function CompanyIdField<T extends FieldValues>({ control, name, country, check, disabled }: CompanyIdFieldProps<T>) {
  if (!hasCompanyNumber(country)) return null;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const props = {
          name: field.name,
          value: field.value as string,
          onChange: field.onChange,
          onBlur: field.onBlur,
          inputRef: field.ref,
          error: fieldState.error?.message,
          disabled,
        };
        return country === HOME_COUNTRY ? <SiretField {...props} check={check} /> : <CompanyNumberField {...props} country={country} />;
      }}
    />
  );
}
