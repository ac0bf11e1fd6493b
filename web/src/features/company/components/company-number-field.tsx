import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_NUMBER_MAX } from '@/lib/validation/company-numbers';

interface CompanyNumberFieldProps {
  /** The company's country (not France, whose SIRET has SiretField and the register). */
  country: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** A message key from the form or the server. */
  error?: string;
  disabled?: boolean;
}

/**
 * The company number of a company outside France, named as its country
 * names it (enterprise number, Partita IVA, NIF…), with an example of its
 * form; no register is asked, the check digits are checked on saving.
 */
export function CompanyNumberField({ country, value, onChange, onBlur, inputRef, name = 'siret', error, disabled }: CompanyNumberFieldProps) {
  const { t } = useTranslation();
  const key = country.toLowerCase();
  return (
    <TextField
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      label={t(`company_number.label.${key}`)}
      required
      fullWidth
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ? t(error) : t(`company_number.hint.${key}`)}
      slotProps={{ htmlInput: { maxLength: COMPANY_NUMBER_MAX, autoComplete: 'off', spellCheck: false, 'data-testid': 'company-number' } }}
    />
  );
}
