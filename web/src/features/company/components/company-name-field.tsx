import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_NAME_MAX } from '@/lib/validation/company-rules';

interface CompanyNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name: string;
  error?: string;
  disabled?: boolean;
}

/** The company name. Left empty it only keeps the button disabled (part 1 §5): no message. */
export function CompanyNameField({ value, onChange, onBlur, inputRef, name, error, disabled }: CompanyNameFieldProps) {
  const { t } = useTranslation();
  const shown = error && error !== 'validation.required' ? error : undefined;
  return (
    <TextField
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      label={t('company.details.name')}
      required
      fullWidth
      disabled={disabled}
      autoComplete="organization"
      error={Boolean(shown)}
      helperText={shown ? t(shown) : t('company.details.nameHint')}
      slotProps={{ htmlInput: { maxLength: COMPANY_NAME_MAX + 10 } }}
    />
  );
}
