import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { OLDEST_CREATION_YEAR, todayIso } from '@/lib/validation/company-rules';

interface CreationDateFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name: string;
  error?: string;
  disabled?: boolean;
}

/** The company's creation date: the browser's date picker, sent as YYYY-MM-DD. */
export function CreationDateField({ value, onChange, onBlur, inputRef, name, error, disabled }: CreationDateFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      type="date"
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      label={t('company.details.dateOfCreation')}
      required
      fullWidth
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ? t(error) : t('company.details.dateOfCreationHint')}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: `${OLDEST_CREATION_YEAR}-01-01`, max: todayIso() },
      }}
    />
  );
}
